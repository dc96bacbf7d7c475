import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { clearRuntimeConfig, setRuntimeConfig } from '../runtime-config';
import type { RuntimeConfig } from '../runtime-config';
import { resetHostActions, registerHostActions } from '../stores/host-actions';
import { activateLanguage } from '../i18n';
import { sharedTexts } from '../messages';
import {
  busyRetryDelayMs,
  EnvelopeStatusError,
  apiGet,
  apiGetBlob,
  apiPatch,
  apiPost,
  employmentApiPath,
  fileApiPath,
  getApiClient,
  getApiErrorFacts,
  getApiErrorMessage,
  getApiErrorStatus,
  identityUserApiPath,
  intranetFileApiPath,
  isAuthError,
  isCancelledRequest,
  isSignOutFailure,
  isSilentFailure,
  parseContentDispositionFilename,
  resetApiClient,
  setUnauthorisedHandler,
  userApiPath,
} from './client';

const config: RuntimeConfig = {
  remotes: { onboarding: 'o', pay: 'p', documents: 'd', profile: 'r', employer: 'e' },
  auth: { serverUrl: 'http://id', clientId: 'c' },
  apiBaseUrl: 'http://api.test',
  authorisationHeader: null,
  support: { phone: '0800', email: 's@example.com' },
  pages: {},
  languages: ['en'],
};

type Reply = { status: number; data: unknown; headers?: Record<string, string> };

/** A mock adapter that answers like a server: validates the status as axios's own adapters do. */
function mockAdapter(reply: Reply | ((config: InternalAxiosRequestConfig) => Reply | Promise<Reply>)) {
  const adapter = jest.fn<Promise<AxiosResponse>, [InternalAxiosRequestConfig]>(async (request) => {
    const answer = typeof reply === 'function' ? await reply(request) : reply;
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders(answer.headers ?? {}),
      config: request,
    };
    if (request.validateStatus && !request.validateStatus(answer.status)) {
      throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_REQUEST, request, {}, response);
    }
    return response;
  });
  getApiClient().defaults.adapter = adapter as unknown as AxiosAdapter;
  return adapter;
}

function enveloped(data: unknown, status = 200): string {
  return JSON.stringify({ data: JSON.stringify({ status, error: null, data }) });
}

function lastRequest(adapter: jest.Mock): InternalAxiosRequestConfig {
  const call = adapter.mock.calls.at(-1) as [InternalAxiosRequestConfig] | undefined;
  if (!call) throw new Error('no request');
  return call[0];
}

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig(config);
  setUnauthorisedHandler(null);
  resetHostActions();
});

afterEach(() => {
  clearRuntimeConfig();
  resetApiClient();
});

describe('getApiClient', () => {
  it('throws without runtime config', () => {
    clearRuntimeConfig();
    expect(() => getApiClient()).toThrow(/Runtime config is not loaded/);
  });

  it('is one instance, rebuilt when the runtime config changes', () => {
    const first = getApiClient();
    expect(getApiClient()).toBe(first);
    setRuntimeConfig({ ...config, apiBaseUrl: 'http://other' });
    const second = getApiClient();
    expect(second).not.toBe(first);
    expect(second.defaults.baseURL).toBe('http://other');
    resetApiClient();
    expect(getApiClient()).not.toBe(second);
  });

  it('sends credentials, no timeout, accepts only 2xx and has no Authorization by default', async () => {
    const adapter = mockAdapter({ status: 200, data: enveloped([]) });
    await apiGet('/api/users/authorised');
    const request = lastRequest(adapter);
    expect(request.baseURL).toBe('http://api.test');
    expect(request.url).toBe('/api/users/authorised');
    expect(request.withCredentials).toBe(true);
    expect(request.timeout).toBe(0);
    expect(request.headers.Authorization).toBeUndefined();
    expect(request.validateStatus?.(200)).toBe(true);
    expect(request.validateStatus?.(299)).toBe(true);
    expect(request.validateStatus?.(199)).toBe(false);
    expect(request.validateStatus?.(300)).toBe(false);
  });

  it('sends the fixed authorisation header when configured', async () => {
    setRuntimeConfig({ ...config, authorisationHeader: 'Basic abc' });
    const adapter = mockAdapter({ status: 200, data: enveloped([]) });
    await apiGet('/x');
    expect(lastRequest(adapter).headers.Authorization).toBe('Basic abc');
  });
});

describe('apiGet / apiPost / apiPatch', () => {
  it('unwraps the envelope', async () => {
    mockAdapter({ status: 200, data: enveloped([{ ID: 'p1' }]) });
    await expect(apiGet<{ ID: string }[]>('/x')).resolves.toEqual({ status: 200, error: null, data: [{ ID: 'p1' }] });
  });

  it('wraps a plain body (identity user)', async () => {
    mockAdapter({ status: 200, data: JSON.stringify({ user: { id: 'u1' } }) });
    await expect(apiGet('/api/user/u1')).resolves.toEqual({ status: 200, error: null, data: { user: { id: 'u1' } } });
  });

  it('posts and patches JSON bodies', async () => {
    const adapter = mockAdapter({ status: 200, data: enveloped('[]') });
    const posted = await apiPost<string>('/api/users/u/linking_code/123456', { code: '123456' });
    expect(posted.data).toBe('[]');
    expect(lastRequest(adapter).method).toBe('post');
    expect(JSON.parse(String(lastRequest(adapter).data))).toEqual({ code: '123456' });
    expect(String(lastRequest(adapter).headers['Content-Type'])).toContain('application/json');

    await apiPatch('/api/users/u', { privacyPolicyAccepted: true });
    expect(lastRequest(adapter).method).toBe('patch');
    expect(JSON.parse(String(lastRequest(adapter).data))).toEqual({ privacyPolicyAccepted: true });
  });

  it('passes the abort signal and reports a cancelled request', async () => {
    const controller = new AbortController();
    const adapter = mockAdapter(
      (request) =>
        new Promise<Reply>((_resolve, reject) => {
          request.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, undefined, request)));
        }),
    );
    const pending = apiGet('/slow', { signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(lastRequest(adapter).signal).toBe(controller.signal);
    expect(isCancelledRequest(error)).toBe(true);
  });

  it('does not send a request whose signal is already aborted', async () => {
    const adapter = mockAdapter({ status: 200, data: enveloped([]) });
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await apiGet('/x', { signal: controller.signal }).catch((e: unknown) => e);
    expect(isCancelledRequest(error)).toBe(true);
    expect(adapter).not.toHaveBeenCalled();
  });

  it('rejects non-2xx answers with the server message and status', async () => {
    mockAdapter({ status: 400, data: JSON.stringify({ status: 400, error: 'Incorrect code', code: 'linking.code_incorrect', data: null }) });
    const error: unknown = await apiGet('/x').catch((e: unknown) => e);
    expect(getApiErrorStatus(error)).toBe(400);
    expect(getApiErrorMessage(error)).toBe('Enter the 6-digit linking code we sent you.');
    expect(isAuthError(error)).toBe(false);
  });

  it('reads the tries left of an error body into the facts and the message', async () => {
    mockAdapter({
      status: 400,
      data: JSON.stringify({ status: 400, error: 'The details you gave do not match.', code: 'identity.mismatch', triesLeft: 3, data: null }),
    });
    const error: unknown = await apiPost('/x', {}).catch((e: unknown) => e);
    expect(getApiErrorFacts(error)).toEqual({ status: 400, code: 'identity.mismatch', field: null, triesLeft: 3, retryAfterSeconds: null });
    expect(getApiErrorMessage(error)).toMatch(/You have 3 more tries before your payroll record is locked\./);
  });

  it('has no tries left to tell when the body has none, or a wrong one', async () => {
    for (const triesLeft of [undefined, -1, 'two', 1.5]) {
      mockAdapter({ status: 400, data: JSON.stringify({ status: 400, error: 'Incorrect code', triesLeft }) });
      const error: unknown = await apiGet('/x').catch((e: unknown) => e);
      expect(getApiErrorFacts(error).triesLeft).toBeNull();
    }
    expect(getApiErrorFacts(new Error('boom'))).toEqual({ status: null, code: null, field: null, triesLeft: null, retryAfterSeconds: null });
  });

  it('reads the code, the field and Retry-After, and never words the server text', async () => {
    mockAdapter({
      status: 429,
      headers: { 'retry-after': '25' },
      data: JSON.stringify({ status: 429, error: 'Please wait 25 seconds', code: 'linking.resend_too_soon', data: null }),
    });
    const soon: unknown = await apiGet('/x').catch((e: unknown) => e);
    expect(getApiErrorFacts(soon)).toMatchObject({ code: 'linking.resend_too_soon', retryAfterSeconds: 25 });
    expect(getApiErrorMessage(soon)).toBe('You asked for a code a moment ago. Wait 25 seconds, then ask again.');

    mockAdapter({
      status: 400,
      data: JSON.stringify({
        status: 400,
        error: 'body.user.mobilePhone must be a phone number',
        code: 'request.field_invalid',
        field: 'mobilePhone',
        data: null,
      }),
    });
    const field: unknown = await apiPost('/x', {}).catch((e: unknown) => e);
    expect(getApiErrorMessage(field)).toBe('Enter a UK mobile number, like 07700 900123.');

    // The words of a mobile number, yet no code: the text is never read.
    mockAdapter({ status: 400, data: JSON.stringify({ status: 400, error: 'body.user.mobilePhone must be a phone number' }) });
    const uncoded: unknown = await apiPost('/x', {}).catch((e: unknown) => e);
    expect(getApiErrorMessage(uncoded, 'Check what you entered.')).toBe('Check what you entered.');
  });
});

describe('apiGetBlob', () => {
  it('returns the blob and the file name', async () => {
    const adapter = mockAdapter({
      status: 200,
      data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
      headers: { 'content-disposition': 'attachment; filename="Payslip.pdf"', 'content-type': 'application/pdf' },
    });
    const { blob, filename } = await apiGetBlob('/file');
    expect(lastRequest(adapter).responseType).toBe('blob');
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe(8);
    expect(filename).toBe('Payslip.pdf');
  });

  it('returns a null file name without Content-Disposition', async () => {
    mockAdapter({ status: 200, data: new Blob(['x']) });
    await expect(apiGetBlob('/file')).resolves.toMatchObject({ filename: null });
  });

  it('reads a JSON error blob back so the message is mapped from the server one', async () => {
    mockAdapter({ status: 404, data: new Blob([JSON.stringify({ status: 404, error: 'File not found' })], { type: 'application/json' }) });
    const error: unknown = await apiGetBlob('/file').catch((e: unknown) => e);
    expect(getApiErrorStatus(error)).toBe(404);
    expect(getApiErrorMessage(error)).toBe('We could not find what you asked for. Go back and try again.');
  });
});

describe('parseContentDispositionFilename', () => {
  it.each([
    ['attachment; filename="P60 2025-26.pdf"', 'P60 2025-26.pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'P%C2%A3y%20slip.pdf', 'P£y slip.pdf'],
    ['attachment; filename="with \\"quotes\\".pdf"', 'with "quotes".pdf'],
    ['attachment', null],
    ['', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(parseContentDispositionFilename(header)).toBe(expected);
  });
});

describe('errors', () => {
  it('recognises cancellation in every form', () => {
    expect(isCancelledRequest(new CanceledError())).toBe(true);
    expect(isCancelledRequest(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isCancelledRequest({ code: 'ERR_CANCELED' })).toBe(true);
    expect(isCancelledRequest(new Error('boom'))).toBe(false);
    expect(isCancelledRequest(null)).toBe(false);
  });

  it('gives a network message when the server cannot be reached', async () => {
    getApiClient().defaults.adapter = (request) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, request, {}));
    const error: unknown = await apiGet('/x').catch((e: unknown) => e);
    expect(getApiErrorStatus(error)).toBeNull();
    expect(getApiErrorMessage(error)).toBe('We could not reach the server. Check your connection and try again.');
  });

  it('falls back to a plain message for bodies without an error text', async () => {
    mockAdapter({ status: 500, data: '<html>Bad gateway</html>' });
    const error: unknown = await apiGet('/x').catch((e: unknown) => e);
    expect(getApiErrorMessage(error)).toBe('Sorry, there is a problem with the service. Try again later.');
    expect(getApiErrorMessage(error, 'Error viewing P60')).toBe('Sorry, there is a problem with the service. Try again later.');
    expect(getApiErrorMessage(new Error('internal detail'))).toBe('Sorry, something went wrong. Try again.');
    expect(getApiErrorMessage(undefined)).toBe('Sorry, something went wrong. Try again.');
  });

  it('reads an error from an enveloped error body', async () => {
    mockAdapter({ status: 429, data: JSON.stringify({ data: JSON.stringify({ status: 429, error: 'Too many tries' }) }) });
    const error: unknown = await apiGet('/x').catch((e: unknown) => e);
    expect(getApiErrorMessage(error)).toBe('You have tried too many times. Wait a few minutes, then try again.');
  });
});

describe('errors in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('words a failure in the page’s language, its Welsh brought with the failure', async () => {
    await activateLanguage('cy');
    await sharedTexts.load(); // the common texts, as the host loads them at boot
    mockAdapter({ status: 400, data: JSON.stringify({ status: 400, error: 'bad', code: 'identity.mismatch', triesLeft: 2, data: null }) });
    const mismatch: unknown = await apiPost('/x', {}).catch((e: unknown) => e);
    expect(getApiErrorMessage(mismatch)).toBe(
      "Nid yw'r manylion a roesoch yn cyfateb i gofnodion eich cyflogwr. Mae gennych 2 cynnig arall cyn i'ch cofnod cyflogres gael ei gloi.",
    );
    mockAdapter({ status: 503, data: '' });
    const down: unknown = await apiGet('/x').catch((e: unknown) => e);
    expect(getApiErrorMessage(down)).toBe("Mae'n ddrwg gennym, mae problem gyda'r gwasanaeth. Rhowch gynnig arall arni nes ymlaen.");
    getApiClient().defaults.adapter = (request) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, request, {}));
    const offline: unknown = await apiGet('/x').catch((e: unknown) => e);
    expect(getApiErrorMessage(offline)).toBe('Nid oeddem yn gallu cyrraedd y gweinydd. Gwiriwch eich cysylltiad a rhowch gynnig arall arni.');
  });
});

describe('the envelope status', () => {
  it('fails an answer whose envelope says anything but 2xx, with that status', async () => {
    for (const [status, message] of [
      [404, 'We could not find what you asked for. Go back and try again.'],
      [500, 'Sorry, there is a problem with the service. Try again later.'],
    ] as const) {
      mockAdapter({ status: 200, data: enveloped([{ ID: 'p1' }], status) });
      const error: unknown = await apiGet('/api/users/u1/employments/e1/payslips').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EnvelopeStatusError);
      expect(error).toMatchObject({ status, message: `GET /api/users/u1/employments/e1/payslips answered with status ${status}.` });
      expect(getApiErrorMessage(error)).toBe(message);
    }
  });

  it('leaves plain bodies alone: their status is the HTTP one', async () => {
    mockAdapter({ status: 200, data: JSON.stringify({ user: { id: 'u1' } }) });
    await expect(apiPatch('/api/user/u1', {})).resolves.toMatchObject({ status: 200 });
  });
});

describe('signing out on 401/403 (spec section 6)', () => {
  const signingOut = [
    ['GET', '/api/users/authorised'],
    ['GET', '/api/users/u1/linking_code/123456'],
    ['POST', '/api/users/u1/linking_code/123456'],
    ['GET', '/api/users/u1/linking_code_email/a%40example.com'],
    ['GET', '/api/users/u1/linking_code_id/INVITE/07700900123'],
    ['GET', '/api/users/u1/linking_code_request'],
    ['GET', '/api/users/u1/employments/e1/document_types'],
  ] as const;

  it.each(signingOut)('%s %s signs out through the host action on 401 and 403, and still fails', async (method, url) => {
    const signOut = jest.fn();
    registerHostActions({ signOut });
    for (const status of [401, 403]) {
      mockAdapter({ status, data: JSON.stringify({ status, error: 'No' }) });
      const error: unknown = await (method === 'GET' ? apiGet(url) : apiPost(url, {})).catch((e: unknown) => e);
      expect(getApiErrorStatus(error)).toBe(status);
      expect(isSignOutFailure(error)).toBe(true);
      expect(isSilentFailure(error)).toBe(true);
    }
    expect(signOut).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['GET', '/api/users/u1/employments/e1/payslips'],
    ['GET', '/api/users/u1/privacy_policy_text'],
    ['PATCH', '/api/users/u1'],
    ['PATCH', '/api/user/u1'],
    ['GET', '/api/users/u1/file/f1/employment/e1'],
  ] as const)('%s %s leaves a 401/403 to its caller', async (method, url) => {
    const signOut = jest.fn();
    registerHostActions({ signOut });
    mockAdapter({ status: 403, data: JSON.stringify({ status: 403, error: 'Not yours' }) });
    const error: unknown = await (method === 'GET' ? apiGet(url) : apiPatch(url, {})).catch((e: unknown) => e);
    expect(getApiErrorMessage(error)).toBe('You cannot do that with this account. Reload the page and try again.');
    expect(isSilentFailure(error)).toBe(false);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('leaves other errors of those calls to the caller', async () => {
    const signOut = jest.fn();
    registerHostActions({ signOut });
    mockAdapter({ status: 400, data: JSON.stringify({ status: 400, error: 'Incorrect code' }) });
    const error: unknown = await apiGet('/api/users/u1/linking_code/111111').catch((e: unknown) => e);
    expect(isSilentFailure(error)).toBe(false);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('uses the handler set with setUnauthorisedHandler instead', async () => {
    const signOut = jest.fn();
    registerHostActions({ signOut });
    const handler = jest.fn();
    setUnauthorisedHandler(handler);
    mockAdapter({ status: 401, data: JSON.stringify({ status: 401, error: 'Sign in again' }) });
    const error: unknown = await apiGet('/api/users/authorised').catch((e: unknown) => e);
    expect(handler).toHaveBeenCalledWith(error);
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('API paths', () => {
  it('take the user id they are given, falling back to 0', () => {
    expect(userApiPath('', 'privacy_policy_text')).toBe('/api/users/0/privacy_policy_text');
    expect(userApiPath('user 1')).toBe('/api/users/user%201');
    expect(userApiPath('user 1', 'linking_code_email', 'a+b@example.com')).toBe('/api/users/user%201/linking_code_email/a%2Bb%40example.com');
    expect(userApiPath('user 1', 'linking_code', 123456)).toBe('/api/users/user%201/linking_code/123456');
  });

  it('builds the employment, file and identity paths from the scope given', () => {
    const scope = { userId: 'u1', employmentId: 'e1' };
    expect(employmentApiPath(scope, 'payslips')).toBe('/api/users/u1/employments/e1/payslips');
    expect(fileApiPath(scope, 'f1')).toBe('/api/users/u1/file/f1/employment/e1');
    expect(intranetFileApiPath(scope, 'f1')).toBe('/api/users/u1/file/intranet/f1/employment/e1');
    expect(identityUserApiPath('sub/1')).toBe('/api/user/sub%2F1');
  });
});

describe('busyRetryDelayMs', () => {
  const failure = (status: number, headers: Record<string, string>) => {
    const config = { url: '/api/users/authorised', headers: new AxiosHeaders() };
    return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, { status, statusText: '', data: {}, headers, config });
  };

  it('waits what a 503 names in Retry-After (1 s for a date)', () => {
    expect(busyRetryDelayMs(failure(503, { 'retry-after': '2' }))).toBe(2000);
    expect(busyRetryDelayMs(failure(503, { 'Retry-After': '0' }))).toBe(0);
    expect(busyRetryDelayMs(failure(503, { 'retry-after': 'soon' }))).toBe(1000);
  });

  it('does not retry a 503 that names no wait, a wait over 5 s, another status, or a failure with no answer', () => {
    expect(busyRetryDelayMs(failure(503, {}))).toBeNull();
    expect(busyRetryDelayMs(failure(503, { 'retry-after': '6' }))).toBeNull();
    expect(busyRetryDelayMs(failure(500, {}))).toBeNull();
    expect(busyRetryDelayMs(failure(429, { 'retry-after': '1' }))).toBeNull();
    expect(busyRetryDelayMs(new Error('network'))).toBeNull();
  });
});
