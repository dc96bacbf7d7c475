// The entry of each PDF worker thread (pool.ts). A worker thread starts as plain Node, whether the
// API runs under tsx or under Jest: tsx's CommonJS hook is registered here, in a namespace of its
// own so it never meets a hook the thread inherited, and render.ts is loaded through it.
const { register } = require('tsx/cjs/api');

const { renderPdf } = register({ namespace: 'pdf-worker' }).require('./render.ts', __filename);

/** One PDF; the Buffer reaches the main thread as a Uint8Array (structured clone). */
module.exports = (job) => renderPdf(job);
