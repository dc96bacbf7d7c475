// What a pay run worker thread does (pay-run-pool.ts): loaded through tsx by pay-run-worker.cjs from
// source, built into dist/pay-run-worker.cjs for production (api/build.mjs).
import { checkPayRunBody } from './pay-run-check';
import type { PayRunCheck } from './pay-run-check';

/** One pay run's body (bytes, transferred); the checked run reaches the main thread by structured clone. */
export default function check(bytes: Uint8Array): PayRunCheck {
  return checkPayRunBody(bytes);
}
