// Ownership on every route: signed out is 401; another user's ids are 403 or 404 and never data.
import { apiRoutes, alexIds, samIds } from './test/routes';
import type { Ids } from './test/routes';
import { FRONT_END, api, createTestApp, signInAlex } from './test/helpers';
import type { SignedIn, TestApp } from './test/helpers';

let t: TestApp;
let alex: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
});
afterAll(() => t.close());

/** Text that only Sam's records hold: none of it may reach Alex. */
const SAM_MARKERS = ['Sam', 'Patel', 'QQ246810D', 'sam.patel', 'em_sam', 'doc_sam', 'ps_sam', 'Brightwater benefits', 'Benefits guide'];

function expectNoSamData(body: string) {
  for (const marker of SAM_MARKERS) expect(body).not.toContain(marker);
}

describe('every /api route', () => {
  it('is covered by the route table (and the table by the app)', async () => {
    for (const r of apiRoutes) expect(t.app.hasRoute({ method: r.method, url: r.route })).toBe(true);
    // The OpenAPI document lists every registered route: none under /api may be missing from the table.
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const table = new Set(apiRoutes.map((r) => `${r.method} ${r.route.replace(/:(\w+)/g, '{$1}')}`));
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual([...table].sort());
  });

  it.each(apiRoutes.map((r) => [`${r.method} ${r.route}`, r] as const))('%s is 401 when signed out', async (_name, r) => {
    // From the portal's own page (a browser names it on every non-GET call): only the session is missing.
    const origin = r.method === 'GET' ? {} : { origin: FRONT_END };
    const res = await t.app.inject({ method: r.method, url: r.url(alexIds), payload: r.body as object, headers: origin });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, error: expect.any(String) });
  });

  it.each(apiRoutes.map((r) => [`${r.method} ${r.route}`, r] as const))('%s with another user’s ids is 403/404 and holds none of their data', async (_name, r) => {
    if (r.route === '/api/users/authorised') return; // names no user: it always answers the caller
    const cases: Ids[] = [
      samIds, // Sam's user id and everything of Sam's
      { ...alexIds, employmentId: samIds.employmentId }, // Alex's own path, Sam's employment
      { ...alexIds, payFileId: samIds.payFileId, intranetFileId: samIds.intranetFileId }, // Alex's employment, Sam's files
      { ...alexIds, payFileId: 'ps_sam_brightwater_20261030' },
    ];
    for (const ids of cases) {
      const url = r.url(ids);
      if (url === r.url(alexIds)) continue; // this route does not carry the id being swapped
      const res = await api(t.app, alex, r.method, url, r.body);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.json()).toEqual({ status: res.statusCode, error: expect.any(String) });
      expectNoSamData(res.body);
    }
  });

  it('uses the ended employment of the same user but not an unlinked record', async () => {
    const own = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/em_alex_brightwater/payslips`);
    expect(own.statusCode).toBe(200);
    const unlinked = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/em_new_starter/payslips`);
    expect(unlinked.statusCode).toBe(404);
    const missing = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/em_does_not_exist/payslips`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(unlinked.json().error); // existence is not revealed
  });

  it('does not serve a file of one of the user’s employments through another', async () => {
    // Brightwater's P45 belongs to Alex, but to the Brightwater employment, not Northwind.
    const res = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/file/doc_alex_bw_p45_2425/employment/em_alex_northwind`);
    expect(res.statusCode).toBe(404);
    const right = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/file/doc_alex_bw_p45_2425/employment/em_alex_brightwater`);
    expect(right.statusCode).toBe(200);
  });

  it('refuses the default user id 0', async () => {
    const res = await api(t.app, alex, 'GET', '/api/users/0/privacy_policy_text');
    expect(res.statusCode).toBe(403);
  });
});
