// The entry of each PDF worker thread (pool.ts) when the API runs from source. A worker thread
// starts as plain Node, whether the API runs under tsx or under Jest: tsx's CommonJS hook is
// registered here, in a namespace of its own so it never meets a hook the thread inherited.
// Production runs the built dist/worker.cjs instead (api/build.mjs).
const { register } = require('tsx/cjs/api');

module.exports = register({ namespace: 'pdf-worker' }).require('./worker-tasks.ts', __filename);
