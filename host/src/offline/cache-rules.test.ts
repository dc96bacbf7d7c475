import {
  CACHE_LIMITS,
  cacheRuleFor,
  entriesOverLimit,
  fileCacheKey,
  ownerOfAnswer,
  isUserDataPath,
  offlineDisposition,
  userCacheName,
  userCachesToDelete,
  userOfCache,
} from './cache-rules';

const portal = 'http://localhost:8080';
const rule = (url: string, mode = 'cors', method = 'GET') => cacheRuleFor({ url, method, mode }, portal);

describe('which strategy answers which request', () => {
  it('sends page loads of the portal to the network first, with the precached shell behind', () => {
    expect(rule(`${portal}/payslips/p1`, 'navigate')).toBe('navigation');
    expect(rule(`${portal}/`, 'navigate')).toBe('navigation');
    expect(rule('http://elsewhere.test/', 'navigate')).toBe('network');
  });

  it('never serves the manifests, remote entries and config.json from cache while online (rule live)', () => {
    expect(rule('http://localhost:3002/mf-manifest.json')).toBe('live');
    expect(rule('http://localhost:3002/remoteEntry.js', 'no-cors')).toBe('live');
    expect(rule(`${portal}/config.json`)).toBe('live');
  });

  it('keeps hashed chunks of the host and the remotes cache-first (they never change under their name)', () => {
    expect(rule('http://localhost:3002/__federation_expose_HomePage.a4ef437c2a.js', 'no-cors')).toBe('immutable');
    expect(rule('http://localhost:3003/38.df6c412300.css', 'no-cors')).toBe('immutable');
    expect(rule(`${portal}/main.95792ac223.js`, 'no-cors')).toBe('immutable');
    // Not a 10-digit content hash: left to the network.
    expect(rule('http://localhost:3002/main.js', 'no-cors')).toBe('network');
  });

  it("keeps the signed-in user's API answers (network first), never ZIPs, packs, sign-in pages or writes", () => {
    expect(rule(`${portal}/api/users/authorised`)).toBe('user-data');
    expect(rule(`${portal}/api/users/u1/employments/e1/payslips`)).toBe('user-data');
    expect(rule(`${portal}/api/users/u1/employments/e1/payslips/p1`)).toBe('user-data');
    expect(rule(`${portal}/api/users/u1/employments/e1/documents`)).toBe('user-data');
    expect(rule(`${portal}/app/me/`)).toBe('claims');
    expect(rule(`${portal}/api/users/u1/employments/e1/tax-years/2025-26/archive`)).toBe('network');
    expect(rule(`${portal}/api/users/u1/employments/e1/proof-of-income`)).toBe('network');
    expect(rule(`${portal}/api/users/u1/linking_code/123456`)).toBe('network');
    expect(rule(`${portal}/account/login`, 'navigate')).toBe('network');
    expect(rule(`${portal}/app/token`)).toBe('network');
    expect(rule(`${portal}/api/users/u1/employments/e1/payslips`, 'cors', 'POST')).toBe('network');
    expect(rule(`${portal}/api/users/u1`, 'cors', 'PATCH')).toBe('network');
  });

  it('watches the refresh: a refusal ends the copy (POST /app/refresh/ only)', () => {
    expect(rule(`${portal}/app/refresh/?client_id=portal-web`, 'cors', 'POST')).toBe('refresh');
    expect(rule(`${portal}/app/refresh/`, 'cors', 'GET')).toBe('network');
    expect(rule('http://elsewhere.test/app/refresh/', 'cors', 'POST')).toBe('network');
    expect(rule(`${portal}/app/logout/`, 'cors', 'POST')).toBe('network');
  });

  it('keeps a PDF the user opened (saved or viewed) for offline: the one exception to no-store', () => {
    expect(rule(`${portal}/api/users/u1/file/f1/employment/e1`)).toBe('user-file');
    expect(rule(`${portal}/api/users/u1/file/f1/employment/e1?disposition=inline`, 'navigate')).toBe('user-file');
    expect(rule(`${portal}/api/users/u1/file/intranet/f1/employment/e1`)).toBe('user-file');
    // Made on demand, and large: never kept.
    expect(rule(`${portal}/api/users/u1/employments/e1/tax-years/2025-26/archive`)).toBe('network');
    expect(rule(`${portal}/api/users/u1/employments/e1/proof-of-income`)).toBe('network');
    expect(rule(`${portal}/api/users/u1/file/f1/employment/e1`, 'cors', 'DELETE')).toBe('network');
    expect(rule('http://api.elsewhere.test/api/users/u1/file/f1/employment/e1')).toBe('network');
  });

  it('keeps one copy of a file for both buttons, served offline the way the request asks', () => {
    const saved = `${portal}/api/users/u1/file/f1/employment/e1`;
    expect(fileCacheKey(`${saved}?disposition=inline`)).toBe(saved);
    expect(fileCacheKey(saved)).toBe(saved);
    const stored = 'attachment; filename="Payslip.pdf"';
    expect(offlineDisposition(`${saved}?disposition=inline`, stored)).toBe('inline; filename="Payslip.pdf"');
    expect(offlineDisposition(saved, 'inline; filename="P60.pdf"')).toBe('attachment; filename="P60.pdf"');
    expect(offlineDisposition(saved, null)).toBe('attachment');
  });

  it('leaves the API of another origin and other schemes alone', () => {
    expect(rule('http://api.elsewhere.test/api/users/u1/employments/e1/payslips')).toBe('network');
    expect(rule('chrome-extension://abc/x.0123456789.js')).toBe('network');
    expect(rule('not a url')).toBe('network');
    expect(isUserDataPath('/api/users')).toBe(false);
  });
});

describe('the limits of the runtime caches', () => {
  it("bounds the remotes' hashed chunks by count and age, and each user cache by count", () => {
    expect(CACHE_LIMITS.immutable).toEqual({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 });
    expect(CACHE_LIMITS.userData.maxEntries).toBe(200);
  });

  it('deletes the oldest stored entries past the limit, and none within it', () => {
    expect(entriesOverLimit(['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b']);
    expect(entriesOverLimit(['a', 'b'], 2)).toEqual([]);
    expect(entriesOverLimit([], 2)).toEqual([]);
  });
});

describe('the per-user caches', () => {
  it('names a cache per user, and reads the user back', () => {
    expect(userCacheName('u 1')).toBe('portal-user-data-v1:u%201');
    expect(userOfCache(userCacheName('u 1'))).toBe('u 1');
    expect(userOfCache('workbox-precache-v2-http://localhost:8080/')).toBeNull();
  });

  it("deletes every user cache at sign-out, and all but the signed-in user's at sign-in", () => {
    const names = ['workbox-precache-v2', 'portal-immutable-v1', userCacheName('alex'), userCacheName('sam')];
    expect(userCachesToDelete(names, null)).toEqual([userCacheName('alex'), userCacheName('sam')]);
    expect(userCachesToDelete(names, 'sam')).toEqual([userCacheName('alex')]);
    expect(userCachesToDelete(['portal-live-v1'], 'sam')).toEqual([]);
  });
});

describe('ownerOfAnswer', () => {
  it('reads the user from a /api/users/{id}/… path, or from the authorised answer alone', () => {
    expect(ownerOfAnswer('http://localhost:8080/api/users/alex/employments/e1/payslips', null)).toBe('alex');
    expect(ownerOfAnswer('http://localhost:8080/api/users/authorised', null)).toBeNull();
    expect(
      ownerOfAnswer('http://localhost:8080/api/users/authorised', { data: JSON.stringify({ status: 200, error: null, data: [{ userID: 'alex' }] }) }),
    ).toBe('alex');
    expect(ownerOfAnswer('http://localhost:8080/api/users/authorised', { data: JSON.stringify({ status: 200, error: null, data: [] }) })).toBeNull();
    expect(ownerOfAnswer('http://localhost:8080/api/users/privacy_policy', { data: 'x' })).toBeNull();
    expect(ownerOfAnswer('not a url', null)).toBeNull();
  });
});
