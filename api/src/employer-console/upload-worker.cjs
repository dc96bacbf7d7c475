// The entry of the console's upload worker thread (upload-pool.ts), as employer-api/pay-run-worker.cjs:
// tsx's CommonJS hook registered in a namespace of its own, pay-run-upload-check.ts loaded through it.
const { register } = require('tsx/cjs/api');

const { checkPayRunUpload } = register({ namespace: 'console-upload-worker' }).require('./pay-run-upload-check.ts', __filename);

/** One upload (its format and bytes, transferred); the check reaches the main thread by structured clone. */
module.exports = ({ format, bytes }) => checkPayRunUpload(format, bytes);
