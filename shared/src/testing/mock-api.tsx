// A fake server for screen tests: answers the shared API client's requests from a route table.
// Call after setTestRuntimeConfig() (a new runtime config builds a new client).
import { errorCodeForStatus, type ErrorCode } from '@portal/shared/wire/error-codes';
import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { getApiClient } from '@portal/shared/api/client';

export type MockApiRequest = {
  method: string;
  /** Path without the query. */
  path: string;
  /** The full URL as requested. */
  url: string;
  /** Path parameters of the matched route (`:name`). */
  params: Record<string, string>;
  /** The request body, JSON-parsed when it is JSON. */
  body: unknown;
  headers: Record<string, unknown>;
  signal: AbortSignal | undefined;
};

export type MockApiReply = {
  status?: number;
  /** Sent as JSON text (as the server would); a Blob is sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
};

export type MockApiHandler = (request: MockApiRequest) => MockApiReply | Promise<MockApiReply>;

/** Keys are 'METHOD /path' with optional `:param` segments, e.g. 'GET /api/users/:userId/privacy_policy_text'. */
export type MockApiRoutes = Record<string, MockApiReply | MockApiHandler>;

/** The usual success body of `/api/users/...`: `{ data: "<json text of { status, error, data }>" }`. */
export function envelopeReply(data: unknown, status = 200): MockApiReply {
  return { status: 200, body: { data: JSON.stringify({ status, error: null, data }) } };
}

/** An error answer: HTTP `status` with `{ status, error }` and any other fields of the wire's ErrorBody (e.g. `triesLeft`). */
/** An error answer as the API sends it: `{ status, error, code, data: null }`, with `field` or `triesLeft` given in `extra`. */
export function errorReply(
  status: number,
  error: string,
  extra: { code?: ErrorCode; field?: string; triesLeft?: number } = {},
  headers?: Record<string, string>,
): MockApiReply {
  return { status, body: { status, error, code: extra.code ?? errorCodeForStatus(status), ...extra, data: null }, ...(headers ? { headers } : {}) };
}

/** A file answer with Content-Disposition. */
export function fileReply(filename: string, content = '%PDF-1.4', type = 'application/pdf'): MockApiReply {
  return {
    status: 200,
    body: new Blob([content], { type }),
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"` },
  };
}

function compile(key: string): { method: string; pattern: RegExp; names: string[] } {
  const [method = 'GET', ...rest] = key.trim().split(/\s+/);
  const path = rest.join(' ');
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { method: method.toUpperCase(), pattern: new RegExp(`^${source}/?$`), names };
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/**
 * Answers the API client's requests from `routes`. An unknown route answers 404. Returns the
 * requests seen, and `restore()` to go back to the real adapter.
 */
export function mockApi(routes: MockApiRoutes): { requests: MockApiRequest[]; restore: () => void } {
  const table = Object.entries(routes).map(([key, reply]) => ({ ...compile(key), reply }));
  const requests: MockApiRequest[] = [];
  const client = getApiClient();
  const original = client.defaults.adapter;

  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const url = config.url ?? '';
    const path = url.split('?')[0] ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const signal = config.signal as AbortSignal | undefined;
    const cancelled = () => new CanceledError(undefined, undefined, config);
    if (signal?.aborted) throw cancelled();

    let params: Record<string, string> = {};
    const route = table.find((entry) => {
      if (entry.method !== method) return false;
      const match = entry.pattern.exec(path);
      if (!match) return false;
      params = Object.fromEntries(entry.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
      return true;
    });
    const request: MockApiRequest = {
      method,
      path,
      url,
      params,
      body: parseBody(config.data),
      headers: { ...(config.headers as unknown as Record<string, unknown>) },
      signal,
    };
    requests.push(request);

    const pending = Promise.resolve(
      route ? (typeof route.reply === 'function' ? route.reply(request) : route.reply) : errorReply(404, `No mock for ${method} ${path}`),
    );
    const reply = await new Promise<MockApiReply>((resolve, reject) => {
      signal?.addEventListener?.('abort', () => reject(cancelled()));
      pending.then(resolve, reject);
    });

    const status = reply.status ?? 200;
    const body = reply.body;
    const response: AxiosResponse = {
      data: body instanceof Blob || typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
      status,
      statusText: String(status),
      headers: new AxiosHeaders({ 'content-type': 'application/json', ...reply.headers }),
      config,
    };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, request, response);
    }
    return response;
  };

  client.defaults.adapter = adapter as AxiosAdapter;
  return {
    requests,
    restore: () => {
      client.defaults.adapter = original;
    },
  };
}
