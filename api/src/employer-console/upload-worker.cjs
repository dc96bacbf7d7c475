// The entry of the console's upload worker thread (upload-pool.ts) from source, as
// employer-api/pay-run-worker.cjs: tsx's CommonJS hook in a namespace of its own, the task through it.
const { register } = require('tsx/cjs/api');

module.exports = register({ namespace: 'console-upload-worker' }).require('./upload-worker-tasks.ts', __filename);
