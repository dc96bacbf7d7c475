import type { RuntimeConfig } from './runtime-config';
import {
  clearRuntimeConfig,
  getRuntimeConfig,
  hasRuntimeConfig,
  loadRuntimeConfig,
  onRuntimeConfigChange,
  parseRuntimeConfig,
  setRuntimeConfig,
} from './runtime-config';

const valid: RuntimeConfig = {
  remotes: {
    onboarding: 'http://localhost:3001/remoteEntry.js',
    pay: 'http://localhost:3002/remoteEntry.js',
    documents: 'http://localhost:3003/remoteEntry.js',
    profile: 'http://localhost:3004/remoteEntry.js',
    employer: 'http://localhost:3005/remoteEntry.js',
  },
  auth: { serverUrl: 'http://localhost:8080', clientId: 'client-1' },
  apiBaseUrl: '',
  authorisationHeader: null,
  support: { phone: '0800 000 0000', email: 'support@example.com' },
  pages: {},
  languages: ['en'],
};

function jsonResponse(body: unknown, status = 200): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  } as Response;
}

describe('runtime config', () => {
  const originalFetch = globalThis.fetch;
  let fetchMock: jest.Mock;

  beforeEach(() => {
    clearRuntimeConfig();
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  afterEach(() => {
    globalThis.fetch = originalFetch;
    clearRuntimeConfig();
  });

  it('throws a clear error before it is loaded', () => {
    expect(hasRuntimeConfig()).toBe(false);
    expect(() => getRuntimeConfig()).toThrow(/Runtime config is not loaded/);
  });

  it('loads /config.json as the page preloads it (a plain GET) and keeps it as the singleton', async () => {
    fetchMock.mockResolvedValue(jsonResponse(valid));
    const config = await loadRuntimeConfig();
    expect(fetchMock).toHaveBeenCalledWith('/config.json');
    expect(config).toEqual(valid);
    expect(getRuntimeConfig()).toEqual(valid);
    expect(hasRuntimeConfig()).toBe(true);
  });

  it("takes the host page's own fetch of the config (boot.js), once: a retry fetches anew", async () => {
    window.portalBootFetches = { '/config.json': Promise.resolve(jsonResponse(valid)) };
    fetchMock.mockResolvedValue(jsonResponse({}, 503));
    await expect(loadRuntimeConfig()).resolves.toEqual(valid);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(loadRuntimeConfig()).rejects.toThrow('HTTP 503');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    delete window.portalBootFetches;
  });

  it("gives a failure of the page's own fetch the app's message", async () => {
    window.portalBootFetches = { '/config.json': Promise.reject(new TypeError('Failed to fetch')) };
    await expect(loadRuntimeConfig()).rejects.toThrow('Could not fetch runtime config from /config.json: Failed to fetch');
    delete window.portalBootFetches;
  });

  it('loads from another URL', async () => {
    fetchMock.mockResolvedValue(jsonResponse(valid));
    await loadRuntimeConfig('/other.json');
    expect(fetchMock).toHaveBeenCalledWith('/other.json');
  });

  it('names every missing field', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...valid, remotes: { onboarding: 'x' }, support: undefined }));
    await expect(loadRuntimeConfig()).rejects.toThrow(
      /remotes\.pay \(string\), remotes\.documents \(string\), remotes\.profile \(string\), remotes\.employer \(string\), support \(object\)/,
    );
    expect(hasRuntimeConfig()).toBe(false);
  });

  it('rejects a non-object, an HTTP error and a network error clearly', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse([1, 2]));
    await expect(loadRuntimeConfig()).rejects.toThrow('expected a JSON object');
    fetchMock.mockResolvedValueOnce(jsonResponse({}, 404));
    await expect(loadRuntimeConfig()).rejects.toThrow('HTTP 404');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(loadRuntimeConfig()).rejects.toThrow('Could not fetch runtime config from /config.json: Failed to fetch');
  });

  it('rejects invalid JSON', async () => {
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => Promise.reject(new SyntaxError('bad')) });
    await expect(loadRuntimeConfig()).rejects.toThrow('is not valid JSON');
  });

  it('treats a missing or empty authorisation header as none and rejects a wrong type', () => {
    const { authorisationHeader: _omit, ...rest } = valid;
    expect(parseRuntimeConfig(rest).authorisationHeader).toBeNull();
    expect(parseRuntimeConfig({ ...valid, authorisationHeader: '' }).authorisationHeader).toBeNull();
    expect(parseRuntimeConfig({ ...valid, authorisationHeader: 'Bearer x' }).authorisationHeader).toBe('Bearer x');
    expect(() => parseRuntimeConfig({ ...valid, authorisationHeader: 5 })).toThrow('authorisationHeader (string or null)');
  });

  it("reads an older config's manifest URL as the remoteEntry.js beside it", () => {
    const older = { ...valid, remotes: { ...valid.remotes, pay: 'https://pay.example.com/v3/mf-manifest.json', profile: 'mf-manifest.json?v=2' } };
    expect(parseRuntimeConfig(older).remotes).toEqual({
      ...valid.remotes,
      pay: 'https://pay.example.com/v3/remoteEntry.js',
      profile: 'remoteEntry.js?v=2',
    });
  });

  it('rejects any other JSON file as a remote', () => {
    const wrong = { ...valid, remotes: { ...valid.remotes, documents: 'https://documents.example.com/stats.json' } };
    expect(() => parseRuntimeConfig(wrong)).toThrow("remotes.documents (the remote's remoteEntry.js URL, not JSON)");
  });

  it('drops unknown fields', () => {
    expect(parseRuntimeConfig({ ...valid, extra: true })).toEqual(valid);
  });

  it("carries each known remote's page list as it came, for the host to check, and no page lists when there are none", () => {
    const pay = [{ expose: './HomePage', paths: { signedIn: ['/'] } }];
    expect(parseRuntimeConfig({ ...valid, pages: { pay, documents: 'wrong', unknown: [] } }).pages).toEqual({ pay, documents: 'wrong' });
    const { pages: _pages, ...withoutPages } = valid;
    expect(parseRuntimeConfig(withoutPages).pages).toEqual({});
    expect(() => parseRuntimeConfig({ ...valid, pages: [] })).toThrow('pages (object)');
  });

  it('offers English alone unless the config names Welsh too, English first', () => {
    const { languages: _, ...withoutLanguages } = valid;
    expect(parseRuntimeConfig(withoutLanguages).languages).toEqual(['en']);
    expect(parseRuntimeConfig({ ...valid, languages: ['en', 'cy'] }).languages).toEqual(['en', 'cy']);
    for (const languages of [['cy'], ['en', 'fr'], 'en', []]) {
      expect(() => parseRuntimeConfig({ ...valid, languages })).toThrow(/languages/);
    }
  });

  it('tells listeners when the config changes', () => {
    const listener = jest.fn();
    const stop = onRuntimeConfigChange(listener);
    setRuntimeConfig(valid);
    expect(listener).toHaveBeenCalledWith(valid);
    stop();
    setRuntimeConfig(valid);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
