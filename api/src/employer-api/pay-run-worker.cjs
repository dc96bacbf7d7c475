// The entry of each pay run worker thread (pay-run-pool.ts), as files/pdf/worker.cjs: tsx's CommonJS
// hook registered in a namespace of its own, pay-run-check.ts loaded through it.
const { register } = require('tsx/cjs/api');

const { checkPayRunBody } = register({ namespace: 'pay-run-worker' }).require('./pay-run-check.ts', __filename);

/** One pay run's body (bytes, transferred); the checked run reaches the main thread by structured clone. */
module.exports = (bytes) => checkPayRunBody(bytes);
