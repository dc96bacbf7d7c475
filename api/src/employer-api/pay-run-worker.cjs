// The entry of each pay run worker thread (pay-run-pool.ts) from source, as files/pdf/worker.cjs:
// tsx's CommonJS hook registered in a namespace of its own, the tasks loaded through it.
const { register } = require('tsx/cjs/api');

module.exports = register({ namespace: 'pay-run-worker' }).require('./pay-run-worker-tasks.ts', __filename);
