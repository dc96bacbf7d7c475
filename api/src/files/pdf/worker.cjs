// The entry of each PDF worker thread (pool.ts). A worker thread starts as plain Node, whether the
// API runs under tsx or under Jest: tsx's CommonJS hook is registered here, in a namespace of its
// own so it never meets a hook the thread inherited, and render.ts is loaded through it.
const { register } = require('tsx/cjs/api');

const tsx = register({ namespace: 'pdf-worker' });
const { renderPdf } = tsx.require('./render.ts', __filename);
const { cleanUploadedPdf } = tsx.require('./uploaded-pdf.ts', __filename);

/** One PDF; the Buffer reaches the main thread as a Uint8Array (structured clone). */
module.exports = (job) => renderPdf(job);

/** An employer's upload, checked and written anew: the answer is plain data. */
module.exports.cleanUpload = ({ pdf, maxPages }) => cleanUploadedPdf(pdf, maxPages);
