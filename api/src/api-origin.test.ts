// Every /api route only answers the portal's own pages. SameSite=Lax does not keep out the remotes
// on other ports of the same host (same site), so a call that changes something needs an allowed
// Origin and a JSON body, and a read refuses another site's Origin or a browser's cross-site mark.
import { apiRoutes, alexIds } from './test/routes';
import { FRONT_END, createTestApp, signInAlex } from './test/helpers';
import type { SignedIn, TestApp } from './test/helpers';
import { errorCodeForStatus } from '@portal/shared/wire/error-codes';

let t: TestApp;
let alex: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
});
afterAll(() => t.close());

const REMOTE = 'http://localhost:3002'; // a remote's origin: same site as the portal, not allowed
const changing = apiRoutes.filter((r) => r.method !== 'GET');
const reading = apiRoutes.filter((r) => r.method === 'GET');

type Attempt = { name: string; headers: Record<string, string>; payload: string; status: number };

/** The ways a page other than the portal's can try to make a change, and what each gets. */
function attempts(body: unknown): Attempt[] {
  const json = JSON.stringify(body);
  return [
    {
      name: 'a form-encoded body',
      headers: { origin: FRONT_END, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=attacker%40example.com&privacyPolicyAccepted=true',
      status: 415,
    },
    { name: 'a text/plain body (a no-cors fetch)', headers: { origin: FRONT_END, 'content-type': 'text/plain' }, payload: json, status: 415 },
    { name: 'a remote’s Origin', headers: { origin: REMOTE, 'content-type': 'application/json' }, payload: json, status: 403 },
    { name: 'Origin: null', headers: { origin: 'null', 'content-type': 'application/json' }, payload: json, status: 403 },
    { name: 'no Origin', headers: { 'content-type': 'application/json' }, payload: json, status: 403 },
    { name: 'another site’s Origin', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, payload: json, status: 403 },
  ];
}

async function alexAsStored() {
  const identity = await t.database.db.selectFrom('identity_users').select(['first_name', 'email']).where('id', '=', alex.sub).executeTakeFirstOrThrow();
  const record = await t.database.db.selectFrom('users').select(['email', 'privacy_policy_accepted']).where('id', '=', alex.sub).executeTakeFirstOrThrow();
  const links = await t.database.db.selectFrom('employments').select('id').where('user_id', '=', alex.sub).execute();
  return { identity, record, links: links.length };
}

describe('/api and the Origin of the page calling it', () => {
  it.each(changing.map((r) => [`${r.method} ${r.route}`, r] as const))(
    '%s refuses every call not sent as JSON from the portal, and changes nothing',
    async (_name, r) => {
      const before = await alexAsStored();
      for (const a of attempts(r.body)) {
        const res = await t.app.inject({ method: r.method, url: r.url(alexIds), payload: a.payload, headers: { cookie: alex.jar.header(), ...a.headers } });
        expect({ attempt: a.name, status: res.statusCode }).toEqual({ attempt: a.name, status: a.status });
        expect(res.json()).toEqual({ status: a.status, error: expect.any(String), code: errorCodeForStatus(a.status), data: null });
      }
      expect(await alexAsStored()).toEqual(before);
    },
  );

  it('accepts the same change sent as JSON from the portal', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${alex.sub}`,
      payload: { user: { firstName: 'Alexandra' } },
      headers: { cookie: alex.jar.header(), origin: FRONT_END },
    });
    expect(res.statusCode).toBe(200);
    expect((await alexAsStored()).identity.first_name).toBe('Alexandra');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${alex.sub}`,
      payload: { user: { firstName: 'Alex' } },
      headers: { cookie: alex.jar.header(), origin: FRONT_END },
    });
  });

  it.each(reading.map((r) => [`${r.method} ${r.route}`, r] as const))(
    '%s answers the portal’s pages and plain clients, not a remote’s or another site’s',
    async (_name, r) => {
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: r.url(alexIds), headers: { cookie: alex.jar.header(), ...headers } });
      const refused: Record<string, string>[] = [{ origin: REMOTE }, { origin: 'null' }, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }];
      for (const headers of refused) {
        const res = await call(headers);
        expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
      }
      const answered: Record<string, string>[] = [{}, { 'sec-fetch-site': 'same-origin' }, { origin: FRONT_END, 'sec-fetch-site': 'same-origin' }];
      for (const headers of answered) {
        const res = await call(headers);
        expect({ headers, refused: res.statusCode === 403 || res.statusCode === 415 }).toEqual({ headers, refused: false });
      }
    },
  );

  it('sends no linking code for a remote’s page (a GET that sends a message)', async () => {
    const count = async () => (await t.database.db.selectFrom('outbox').select('seq').execute()).length;
    const before = await count();
    const res = await t.app.inject({
      url: `/api/users/${alex.sub}/linking_code_email/starter3%40example.com`,
      headers: { cookie: alex.jar.header(), 'sec-fetch-site': 'same-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
