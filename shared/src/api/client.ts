// The ONE HTTP client of the portal: an axios instance built from the runtime config.
// Fetchers in the apps call apiGet / apiPost / apiPatch / apiGetBlob with a path and an AbortSignal,
// and build the path from the user and employment they are given (no store is read here).
// Two rules live here and nowhere else: an envelope whose status is not 2xx is a failure, and a
// 401/403 on the calls of spec section 6 signs the user out.
import axios from 'axios';
import type { AxiosError, AxiosInstance, AxiosResponse } from 'axios';
import { DEFAULT_USER_ID } from '@portal/shared/constants';
import { getRuntimeConfig, onRuntimeConfigChange } from '@portal/shared/runtime-config';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { unwrapEnvelope } from '@portal/shared/api/envelope';
import type { Envelope } from '@portal/shared/api/types';
import type * as UserMessage from '@portal/shared/api/user-message';
import type { ErrorFacts } from '@portal/shared/api/user-message';
import { sharedTexts } from '@portal/shared/messages';
import type { ErrorCode } from '@portal/shared/wire/error-codes';

export type RequestOptions = { signal?: AbortSignal };

type ErrorWords = typeof UserMessage;

/** The words of API errors, once loaded (loadErrorWords). */
let errorWords: ErrorWords | null = null;

/**
 * Brings the words of API errors (api/user-message.ts) in the page's language. A module of its own,
 * loaded with the first failed call, before that failure reaches its page: a page that never fails
 * (Home, most of the time) never downloads them. Never fails: without them a page shows its own
 * words, and the next failure asks again.
 */
export async function loadErrorWords(): Promise<void> {
  try {
    const words = await import('@portal/shared/api/user-message');
    await words.errorTexts.load();
    errorWords = words;
  } catch (error) {
    console.error('The words of errors could not be loaded.', error);
  }
}

/** Facts with nothing but a status (a failure the server did not explain). */
export const factsOfStatus = (status: number | null): ErrorFacts => ({ status, code: null, field: null, triesLeft: null, retryAfterSeconds: null });

let instance: AxiosInstance | null = null;

/** Builds a client from the runtime config (exported for tests and special cases). */
export function createApiClient(): AxiosInstance {
  const config = getRuntimeConfig();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (config.authorisationHeader !== null) headers.Authorization = config.authorisationHeader;
  const client = axios.create({
    baseURL: config.apiBaseUrl,
    withCredentials: true,
    timeout: 0,
    headers,
    validateStatus: (status) => status >= 200 && status <= 299,
  });
  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (isSignOutFailure(error)) signOutAfter(error);
    if (!isCancelledRequest(error)) await loadErrorWords();
    return Promise.reject(error);
  });
  return client;
}

/** The shared axios instance, built lazily from the runtime config (rebuilt when it changes). */
export function getApiClient(): AxiosInstance {
  if (!instance) instance = createApiClient();
  return instance;
}

/** Forgets the instance so the next call builds a new one (tests). */
export function resetApiClient(): void {
  instance = null;
}

onRuntimeConfigChange(() => resetApiClient());

/** An answer whose envelope status is not 2xx (spec section 4: the calls count only with status 200). */
export class EnvelopeStatusError extends Error {
  readonly status: number;

  constructor(status: number, request: string) {
    super(`${request} answered with status ${status}.`);
    this.name = 'EnvelopeStatusError';
    this.status = status;
  }
}

async function toEnvelope<T>(response: AxiosResponse<unknown>): Promise<Envelope<T>> {
  const envelope = unwrapEnvelope<T>(response.data, response.status);
  if (envelope.status < 200 || envelope.status > 299) {
    await loadErrorWords();
    throw new EnvelopeStatusError(envelope.status, `${(response.config.method ?? 'get').toUpperCase()} ${response.config.url ?? ''}`);
  }
  return envelope;
}

export async function apiGet<T>(url: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const response = await getApiClient().get<unknown>(url, { signal: options.signal });
  return toEnvelope<T>(response);
}

export async function apiPost<T>(url: string, body?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  const response = await getApiClient().post<unknown>(url, body, { signal: options.signal });
  return toEnvelope<T>(response);
}

export async function apiPatch<T>(url: string, body?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  const response = await getApiClient().patch<unknown>(url, body, { signal: options.signal });
  return toEnvelope<T>(response);
}

export async function apiPut<T>(url: string, body?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  const response = await getApiClient().put<unknown>(url, body, { signal: options.signal });
  return toEnvelope<T>(response);
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename), or null. */
export function parseContentDispositionFilename(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"(.*)"$/, '$1'));
    } catch {
      // fall through to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1') || null;
  const plain = /filename\s*=\s*([^;]+)/i.exec(header);
  const value = plain?.[1]?.trim();
  return value ? value : null;
}

function headerValue(headers: unknown, name: string): string | null {
  if (!headers || typeof headers !== 'object') return null;
  const getter = (headers as { get?: unknown }).get;
  if (typeof getter === 'function') {
    const value: unknown = getter.call(headers, name);
    if (typeof value === 'string') return value;
  }
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() === lower && typeof value === 'string') return value;
  }
  return null;
}

/** A Blob's text (Blob.text where present, else FileReader). */
export function readBlobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsText(blob);
  });
}

/** Downloads a file. An error body (a JSON Blob) is read back into JSON so error messages work. */
export async function apiGetBlob(url: string, options: RequestOptions = {}): Promise<{ blob: Blob; filename: string | null }> {
  try {
    const response = await getApiClient().get<Blob>(url, {
      signal: options.signal,
      responseType: 'blob',
      headers: { Accept: '*/*' },
    });
    const blob = response.data instanceof Blob ? response.data : new Blob([response.data as BlobPart]);
    return { blob, filename: parseContentDispositionFilename(headerValue(response.headers, 'content-disposition')) };
  } catch (error) {
    if (axios.isAxiosError(error) && error.response && error.response.data instanceof Blob) {
      try {
        const text = await readBlobText(error.response.data);
        try {
          error.response.data = JSON.parse(text) as unknown;
        } catch {
          error.response.data = text;
        }
      } catch {
        // leave the body as it is
      }
    }
    throw error;
  }
}

/** Whether an error is a cancelled request (drop it silently). */
export function isCancelledRequest(error: unknown): boolean {
  if (axios.isCancel(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'AbortError' || name === 'CanceledError' || code === 'ERR_CANCELED';
}

/** The HTTP status of a failed request, or null (network error, not an HTTP error). */
export function getApiErrorStatus(error: unknown): number | null {
  if (axios.isAxiosError(error)) return error.response?.status ?? null;
  if (typeof error === 'object' && error !== null) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return null;
}

/** The longest wait a `Retry-After` may ask of a page before it asks again; a longer one is not retried. */
export const MAX_BUSY_RETRY_WAIT_MS = 5000;

/**
 * How long to wait before asking again after a 503 "busy" answer (the API's database had no
 * connection free in time): its `Retry-After` in seconds; null when the failure is not a 503, names
 * no `Retry-After`, or asks for a longer wait than MAX_BUSY_RETRY_WAIT_MS.
 */
export function busyRetryDelayMs(error: unknown): number | null {
  if (!axios.isAxiosError(error) || error.response?.status !== 503) return null;
  // Only a server that says when to come back is asked again (the API's busy answer does; a proxy
  // whose API is down does not).
  const header = headerValue(error.response.headers, 'retry-after');
  if (header === null) return null;
  const seconds = Number(header);
  if (!Number.isFinite(seconds) || seconds < 0) return 1000; // an HTTP date: a short wait
  const wait = seconds * 1000;
  return wait <= MAX_BUSY_RETRY_WAIT_MS ? wait : null;
}

/** The error body of a failed call (`{ status, error, code … }`, as JSON text or parsed), or null. */
function errorBodyOf(error: AxiosError): Record<string, unknown> | null {
  let body: unknown = error.response?.data;
  try {
    if (typeof body === 'string') body = JSON.parse(body);
  } catch {
    return null; // an HTML or plain error page
  }
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Retry-After in whole seconds (a date, or nothing: null). */
function retryAfterSecondsOf(error: AxiosError): number | null {
  const seconds = Number(headerValue(error.response?.headers, 'retry-after') ?? NaN);
  return seconds >= 0 ? Math.ceil(seconds) : null;
}

/** What a failed request says, for the words of user-message.ts: its status, code, field, tries left and Retry-After. */
export type ApiErrorFacts = ErrorFacts;

export function getApiErrorFacts(error: unknown): ApiErrorFacts {
  if (axios.isAxiosError(error) && error.response) {
    const body = errorBodyOf(error);
    const triesLeft = body?.triesLeft;
    return {
      status: error.response.status,
      // The closed list is the wire contract's; a code the front end does not word falls back to the status.
      code: stringOrNull(body?.code) as ErrorCode | null,
      field: stringOrNull(body?.field),
      triesLeft: typeof triesLeft === 'number' && Number.isInteger(triesLeft) && triesLeft >= 0 ? triesLeft : null,
      retryAfterSeconds: retryAfterSecondsOf(error),
    };
  }
  return factsOfStatus(getApiErrorStatus(error));
}

/**
 * A message for the user, from the one mapping of API errors to words (user-message.ts): never the
 * server's text. `fallback` is the page's own words when nothing more precise fits.
 */
export function getApiErrorMessage(error: unknown, fallback = sharedTexts.t('somethingWentWrong')): string {
  let facts: ErrorFacts;
  if (axios.isAxiosError(error)) {
    if (!error.response) return isCancelledRequest(error) ? fallback : sharedTexts.t('noConnection');
    facts = getApiErrorFacts(error);
  } else if (error instanceof EnvelopeStatusError) {
    facts = factsOfStatus(error.status);
  } else {
    return fallback;
  }
  return errorWords ? errorWords.userMessageFor(facts, fallback) : fallback;
}

/** 401 or 403: the session is not (or no longer) allowed. */
export function isAuthError(error: unknown): boolean {
  const status = getApiErrorStatus(error);
  return status === 401 || status === 403;
}

type UnauthorisedHandler = (error: unknown) => void;
let unauthorisedHandler: UnauthorisedHandler | null = null;

/** Replaces what happens on a 401/403 of the calls that sign out (null: the host's signOut). */
export function setUnauthorisedHandler(handler: UnauthorisedHandler | null): void {
  unauthorisedHandler = handler;
}

/**
 * Spec section 6: a 401 or 403 on loading the authenticated user, on finalize or on any linking
 * call signs the user out; so does one on the navigation's document types (as it always has).
 * Other calls' errors are the caller's to show.
 */
const SIGNS_OUT_ON_AUTH_ERROR: readonly RegExp[] = [
  /^\/api\/users\/authorised$/,
  /^\/api\/users\/[^/]+\/linking_code\/[^/]+$/,
  /^\/api\/users\/[^/]+\/linking_code_request$/,
  /^\/api\/users\/[^/]+\/linking_code_email\/[^/]+$/,
  /^\/api\/users\/[^/]+\/linking_code_id\/[^/]+\/[^/]+$/,
  /^\/api\/users\/[^/]+\/employments\/[^/]+\/document_types$/,
];

/** Whether this failure is a 401/403 of a call that signs the user out (the client has done so). */
export function isSignOutFailure(error: unknown): boolean {
  if (!axios.isAxiosError(error) || !isAuthError(error)) return false;
  const path = (error.config?.url ?? '').split('?')[0] ?? '';
  return SIGNS_OUT_ON_AUTH_ERROR.some((pattern) => pattern.test(path));
}

function signOutAfter(error: unknown): void {
  if (unauthorisedHandler) unauthorisedHandler(error);
  else useHostActions.getState().signOut();
}

/** A failure to drop without a word: a cancelled request, or one that has signed the user out. */
export function isSilentFailure(error: unknown): boolean {
  return isCancelledRequest(error) || isSignOutFailure(error);
}

function encodeSegments(segments: readonly (string | number)[]): string {
  return segments.map((segment) => encodeURIComponent(String(segment))).join('/');
}

/** Whose data a request is for. Callers pass it; the client reads no store. */
export type UserScope = { readonly userId: string };
/** A user's data under one of their employments. */
export type EmploymentScope = UserScope & { readonly employmentId: string };

/**
 * `/api/users/{userId}/...` (an empty user id falls back to '0', spec section 6). Each segment is
 * URL-encoded on its own, so pass them separately: `userApiPath(userId, 'linking_code', code)`.
 */
export function userApiPath(userId: string, ...segments: (string | number)[]): string {
  const base = `/api/users/${encodeURIComponent(userId || DEFAULT_USER_ID)}`;
  return segments.length > 0 ? `${base}/${encodeSegments(segments)}` : base;
}

/** `/api/users/{userId}/employments/{employmentId}/...` */
export function employmentApiPath({ userId, employmentId }: EmploymentScope, ...segments: (string | number)[]): string {
  return userApiPath(userId, 'employments', employmentId, ...segments);
}

/** `/api/users/{userId}/file/{fileId}/employment/{employmentId}` (payslip PDF or pay document). */
export function fileApiPath({ userId, employmentId }: EmploymentScope, fileId: string): string {
  return userApiPath(userId, 'file', fileId, 'employment', employmentId);
}

/** `/api/users/{userId}/file/intranet/{fileId}/employment/{employmentId}` */
export function intranetFileApiPath({ userId, employmentId }: EmploymentScope, fileId: string): string {
  return userApiPath(userId, 'file', 'intranet', fileId, 'employment', employmentId);
}

/** `/api/users/authorised` */
export const AUTHORISED_USER_API_PATH = '/api/users/authorised';

/** `/api/user/{sub}`: the identity user (plain JSON `{ user }`). */
export function identityUserApiPath(sub: string): string {
  return `/api/user/${encodeURIComponent(sub)}`;
}
