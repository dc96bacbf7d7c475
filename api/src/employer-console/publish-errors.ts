// The console's refusals when publishing from the browser: each with the `code` its front end reads.
import { HttpError } from '../http/errors';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const uploadTooLarge = (limit: number, what = 'The file') =>
  HttpError.coded(413, 'console.upload_too_large', `${what} is over the limit of ${megabytes(limit)}.`);
export const uploadNotFound = () =>
  HttpError.coded(404, 'console.upload_not_found', 'No such upload: it is more than an hour old or was never made. Upload the file again.');
export const notPublishable = (why = 'The preview found problems: mend them and upload the file again.') =>
  HttpError.coded(409, 'console.not_publishable', why);
export const unsupportedUpload = (message: string) => HttpError.coded(415, 'console.unsupported_upload', message);
export const badUpload = (message: string) => HttpError.coded(400, 'console.invalid_request', message);
