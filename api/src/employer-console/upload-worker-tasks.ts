// What the console's upload worker thread does (upload-pool.ts): loaded through tsx by
// upload-worker.cjs from source, built into dist/upload-worker.cjs for production (api/build.mjs).
import { checkPayRunUpload } from './pay-run-upload-check';
import type { PayRunUploadCheck, UploadFormat } from './pay-run-upload-check';

/** One upload (its format and bytes, transferred); the check reaches the main thread by structured clone. */
export default function check({ format, bytes }: { format: UploadFormat; bytes: Uint8Array }): PayRunUploadCheck {
  return checkPayRunUpload(format, bytes);
}
