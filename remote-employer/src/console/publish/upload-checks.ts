// The checks a browser can make before sending files (type and size), so a wrong choice is said at
// once instead of after an upload of many megabytes. The API checks everything again.
import { DOCUMENT_UPLOAD_MAX_BYTES, DOCUMENTS_UPLOAD_MAX_TOTAL_BYTES, PAY_RUN_UPLOAD_MAX_BYTES } from '@portal/shared/api/employer-console';
import { payRunContentType } from '../api';

const MB = 1024 * 1024;

/** '20 MB' */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}

export function payRunFileError(file: File | null): string | null {
  if (!file) return 'Choose a pay run file to upload';
  if (!payRunContentType(file.name)) return 'The pay run file must be a .json or .csv file';
  if (file.size === 0) return 'The pay run file is empty';
  if (file.size > PAY_RUN_UPLOAD_MAX_BYTES) return `The pay run file must be ${megabytes(PAY_RUN_UPLOAD_MAX_BYTES)} or smaller`;
  return null;
}

const isPdfName = (name: string) => name.toLowerCase().endsWith('.pdf');

export function documentFilesError(files: readonly File[]): string | null {
  if (files.length === 0) return 'Choose the PDF files to upload';
  const notPdf = files.find(({ name }) => !isPdfName(name));
  if (notPdf) return `${notPdf.name} is not a PDF file: choose PDF files only`;
  const tooLarge = files.find(({ size }) => size > DOCUMENT_UPLOAD_MAX_BYTES);
  if (tooLarge)
    return `${tooLarge.name} is larger than ${megabytes(DOCUMENT_UPLOAD_MAX_BYTES)}: each file must be ${megabytes(DOCUMENT_UPLOAD_MAX_BYTES)} or smaller`;
  const total = files.reduce((sum, { size }) => sum + size, 0);
  if (total > DOCUMENTS_UPLOAD_MAX_TOTAL_BYTES)
    return `The files come to more than ${megabytes(DOCUMENTS_UPLOAD_MAX_TOTAL_BYTES)}: upload them in smaller batches`;
  return null;
}

export function manifestError(manifest: File | null): string | null {
  if (manifest && !manifest.name.toLowerCase().endsWith('.csv')) return 'The manifest must be a .csv file';
  return null;
}
