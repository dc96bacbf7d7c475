// Ownership on every route, as a matrix: every route of the OpenAPI document (so a new route cannot
// be missed) × every attacker (signed out, forged tokens, Alex with another user's or an unlinked
// record's ids). Every answer must be a refusal in the `{ status, error }` shape and hold none of
// Sam's (or an unlinked record's) data; the figures go to the reliability report (access part).
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { SAM_PASSKEY_ID, apiRoutes, alexIds, publicApiRoutes, samIds, sessionRoutes } from './test/routes';
import type { Ids, RouteCase } from './test/routes';
import { FRONT_END, api, createTestApp, signInAlex, signInSam, DEMO } from './test/helpers';
import type { SignedIn, TestApp } from './test/helpers';
import { writeFigures } from './test/figures';
import { isErrorCode } from '@portal/shared/wire/error-codes';

let t: TestApp;
let alex: SignedIn;
let sam: SignedIn;
/** Every documented route the matrix covers, as `METHOD /path/{param}`. */
let documented: string[];
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
  sam = await signInSam(t.app);
  // A passkey of Sam's, for the attackers to name.
  await t.database.db
    .insertInto('passkeys')
    .values({
      id: SAM_PASSKEY_ID,
      user_id: DEMO.sam.id,
      credential_id: 'sam-phone-credential',
      public_key: 'AA',
      counter: 0,
      transports: '["internal"]',
      name: 'Sam’s phone',
      created_at: new Date().toISOString(),
      last_used_at: null,
    })
    .execute();
  const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  const inMatrix = (path: string) => (path.startsWith('/api/') && !path.startsWith('/api/docs')) || sessionRoutes.some((r) => r.route === path);
  documented = Object.entries(doc.paths)
    .filter(([path]) => inMatrix(path))
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
    .filter((route) => !publicApiRoutes.includes(route))
    .sort();
});
afterAll(() => t.close());

const tableRoutes = [...apiRoutes, ...sessionRoutes];
const routeKey = (r: RouteCase) => `${r.method} ${r.route.replace(/:(\w+)/g, '{$1}')}`;

/**
 * Text that only Sam's records (and the unlinked employment records) hold, from the demo seed
 * (api/src/db/seed.ts): none of it may reach Alex. Checked against the database below, so a stale
 * marker fails rather than silently proving nothing.
 */
const SAM_MARKERS = [
  'Sam',
  'Patel',
  'sam.patel',
  'AB246810D', // NI number
  '07700900789', // mobile
  '1992-11-03', // date of birth
  'em_sam_brightwater',
  'ps_sam_brightwater_2026', // payslip ids
  'doc_sam_bw_p60_2526',
  'doc_sam_bw_pension_2627',
];
const UNLINKED_MARKERS = ['Jamie Taylor', 'new.starter', 'AB123456C', 'AB100001C', 'Riley Evans', 'AB654321A', 'em_new_starter', 'em_invite_demo'];

/** The distinctive values the database holds for Sam and for unlinked records: ids of employments, payslips and documents. */
async function idsInDatabase(): Promise<string[]> {
  const db = t.database.db;
  const employments = await db
    .selectFrom('employments')
    .select('id')
    .where((eb) => eb.or([eb('user_id', '=', DEMO.sam.id), eb('user_id', 'is', null)]))
    .execute();
  const employmentIds = employments.map((e) => e.id);
  const payslips = await db.selectFrom('payslips').select('id').where('employment_id', 'in', employmentIds).execute();
  const documents = await db.selectFrom('pay_documents').select('id').where('employment_id', 'in', employmentIds).execute();
  return [...employmentIds, ...payslips.map((p) => p.id), ...documents.map((d) => d.id)];
}

let markers: string[] = [];
beforeAll(async () => {
  markers = [...new Set([...SAM_MARKERS, ...UNLINKED_MARKERS, ...(await idsInDatabase())])];
});

/** Markers in an answer that the request did not carry itself (an id echoed back is not a leak). */
function leakedMarkers(body: string, sent: string): string[] {
  return markers.filter((m) => body.includes(m) && !sent.includes(m));
}

// ---- Attackers ----------------------------------------------------------------------------------

type Attacker = {
  name: string;
  /** 'session': no valid session at all (answer: the route's signed-out status); 'ids': Alex, signed in, naming what is not his (403/404). */
  kind: 'session' | 'ids';
  ids: Ids;
  cookie(): string | undefined;
};

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** Claims of a real access token for Sam, with `overrides`; signed with `key` (the API's own unless given). */
async function samToken(
  overrides: { key?: Uint8Array; audience?: string; issuer?: string; exp?: number; alg?: string; tokenUse?: string } = {},
): Promise<string> {
  return new SignJWT({ token_use: overrides.tokenUse ?? 'access', email: DEMO.sam.email })
    .setProtectedHeader({ alg: overrides.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(DEMO.sam.id)
    .setIssuer(overrides.issuer ?? t.config.publicUrl ?? 'urn:portal:api')
    .setAudience(overrides.audience ?? t.config.clientIds[0]!)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? now() + 600)
    .sign(overrides.key ?? t.config.tokenSecret);
}

/** A session cookie header: the access token, and a refresh token that is not a live one. */
const sessionCookie = (accessToken: string, refreshToken = crypto.randomBytes(32).toString('base64url')) =>
  `__Host-app.at=${accessToken}; __Host-app.rt=${refreshToken}`;

async function buildAttackers(): Promise<Attacker[]> {
  const otherKey = crypto.randomBytes(32);
  const alexToken = alex.jar.get('__Host-app.at')!;
  const samAccess = sam.jar.get('__Host-app.at')!;
  const samRefresh = sam.jar.get('__Host-app.rt')!;
  const [header, , alexSignature] = alexToken.split('.');
  const forged = {
    none: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: DEMO.sam.id, email: DEMO.sam.email, token_use: 'access', iss: t.config.publicUrl ?? 'urn:portal:api', aud: t.config.clientIds[0], exp: now() + 600 })}.`,
    otherKeyAlex: await new SignJWT({ token_use: 'access', email: DEMO.alex.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(DEMO.alex.id)
      .setIssuer(t.config.publicUrl ?? 'urn:portal:api')
      .setAudience(t.config.clientIds[0]!)
      .setExpirationTime(now() + 600)
      .sign(otherKey),
    otherKeySam: await samToken({ key: otherKey }),
    expired: await samToken({ exp: now() - 60 }),
    otherAudience: await samToken({ audience: 'another-client' }),
    otherIssuer: await samToken({ issuer: 'https://evil.example' }),
    hs512: await samToken({ alg: 'HS512' }),
    idTokenUse: await samToken({ tokenUse: 'id' }),
    // Sam's claims under the header and signature of Alex's real token.
    spliced: `${header}.${samAccess.split('.')[1]}.${alexSignature}`,
    truncated: samAccess.slice(0, -6),
  };
  const alexCookie = () => alex.jar.header();
  const session = (name: string, cookie: string | undefined): Attacker => ({ name, kind: 'session', ids: samIds, cookie: () => cookie });
  return [
    session('signed out', undefined),
    session('forged: unsigned (alg none), Sam’s sub', sessionCookie(forged.none)),
    session('forged: signed with another key, Alex’s sub', sessionCookie(forged.otherKeyAlex)),
    session('forged: Sam’s sub signed with the wrong key', sessionCookie(forged.otherKeySam)),
    session('forged: expired (right key), Sam’s sub', sessionCookie(forged.expired)),
    session('forged: for another audience (right key)', sessionCookie(forged.otherAudience)),
    session('forged: from another issuer (right key)', sessionCookie(forged.otherIssuer)),
    session('forged: HS512 with the right key', sessionCookie(forged.hs512)),
    session('forged: an ID token as the access token', sessionCookie(forged.idTokenUse)),
    session('forged: Sam’s real ID token as the access token', sessionCookie(sam.jar.get('__Host-app.idt')!)),
    session('forged: Sam’s claims under Alex’s signature', sessionCookie(forged.spliced)),
    session('forged: Sam’s token truncated (and his refresh token)', sessionCookie(forged.truncated, samRefresh.slice(0, -6))),
    { name: 'Alex with Sam’s userId', kind: 'ids', ids: { ...alexIds, userId: samIds.userId }, cookie: alexCookie },
    { name: 'Alex with everything of Sam’s', kind: 'ids', ids: samIds, cookie: alexCookie },
    { name: 'Alex with Sam’s employmentId', kind: 'ids', ids: { ...alexIds, employmentId: samIds.employmentId }, cookie: alexCookie },
    { name: 'Alex with Sam’s pay document fileId', kind: 'ids', ids: { ...alexIds, payFileId: samIds.payFileId }, cookie: alexCookie },
    { name: 'Alex with Sam’s payslip fileId', kind: 'ids', ids: { ...alexIds, payFileId: 'ps_sam_brightwater_20261030' }, cookie: alexCookie },
    { name: 'Alex with Sam’s employment and files', kind: 'ids', ids: { ...samIds, userId: alexIds.userId, email: alexIds.email }, cookie: alexCookie },
    { name: 'Alex with the intranet id of Sam’s employer', kind: 'ids', ids: { ...alexIds, intranetFileId: samIds.intranetFileId }, cookie: alexCookie },
    { name: 'Alex with Sam’s passkey id', kind: 'ids', ids: { ...alexIds, passkeyId: samIds.passkeyId }, cookie: alexCookie },
    { name: 'Alex with an unlinked employment', kind: 'ids', ids: { ...alexIds, employmentId: DEMO.employments.newStarter }, cookie: alexCookie },
    { name: 'Alex with an unlinked record’s payslip', kind: 'ids', ids: { ...alexIds, payFileId: 'ps_new_starter_20261030' }, cookie: alexCookie },
    { name: 'Alex with an invitation-only record', kind: 'ids', ids: { ...alexIds, employmentId: DEMO.employments.invite }, cookie: alexCookie },
  ];
}

// ---- The matrix ---------------------------------------------------------------------------------

type Outcome = { route: string; attacker: string; status: number; problem?: string };

function judge(r: RouteCase, attacker: Attacker, url: string, res: LightMyRequestResponse): string | undefined {
  const expected = attacker.kind === 'session' ? [r.signedOutStatus ?? 401] : [403, 404];
  const leaked = leakedMarkers(res.body, `${url} ${JSON.stringify(r.body ?? '')}`);
  if (leaked.length) return `leaked ${leaked.join(', ')}`;
  if (!expected.includes(res.statusCode)) return `answered ${res.statusCode}, not ${expected.join('/')}: ${res.body.slice(0, 200)}`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const { status, error, code, data, ...rest } = body as { status?: unknown; error?: unknown; code?: unknown; data?: unknown };
  if (status !== res.statusCode || typeof error !== 'string' || !error || !isErrorCode(code) || data !== null || Object.keys(rest).length)
    return `not { status, error, code, data: null }: ${res.body.slice(0, 200)}`;
  return undefined;
}

const outcomes: Outcome[] = [];
let attackerCount = 0;

afterAll(() => {
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  const leaks = outcomes.filter((o) => o.problem?.startsWith('leaked')).length;
  const problems = outcomes.filter((o) => o.problem).map((o) => `${o.route} / ${o.attacker}: ${o.problem}`);
  writeFigures(
    'access',
    {
      routes: documented?.length ?? 0,
      attackers: attackerCount,
      cases: outcomes.length,
      leaks,
      refusedWrongly: problems.length - leaks,
      statuses,
      problems: problems.slice(0, 20),
    },
    problems.length === 0 && outcomes.length > 0,
  );
});

describe('every route × every attacker', () => {
  it('covers every route of the OpenAPI document, and the table no route the app lacks', () => {
    for (const r of tableRoutes) expect(t.app.hasRoute({ method: r.method, url: r.route })).toBe(true);
    // A route added later without a table entry (valid ids for Alex and Sam) fails here.
    expect(documented).toEqual(tableRoutes.map(routeKey).sort());
  });

  it('refuses every attacker on every route, in the { status, error } shape, with none of another user’s data', async () => {
    const attackers = await buildAttackers();
    attackerCount = attackers.length;
    for (const key of documented) {
      const r = tableRoutes.find((candidate) => routeKey(candidate) === key);
      if (!r) {
        outcomes.push({ route: key, attacker: '-', status: 0, problem: 'no entry in the route table (api/src/test/routes.ts)' });
        continue;
      }
      for (const attacker of attackers) {
        const url = r.url(attacker.ids);
        // An id swap only applies to routes that carry that id (GET /api/users/authorised names no one).
        if (attacker.kind === 'ids' && url === r.url(alexIds)) continue;
        const cookie = attacker.cookie();
        // From the portal's own page (a browser names its Origin on every non-GET call): only the session or the ids are wrong.
        const headers = { ...(cookie ? { cookie } : {}), ...(r.method === 'GET' ? {} : { origin: FRONT_END }) };
        const res = await t.app.inject({ method: r.method, url, payload: r.body as object, headers });
        outcomes.push({ route: key, attacker: attacker.name, status: res.statusCode, problem: judge(r, attacker, url, res) });
      }
    }
    expect(outcomes.filter((o) => o.problem).map((o) => `${o.route} / ${o.attacker}: ${o.problem}`)).toEqual([]);
    // Every attacker met at least one route, and every route at least the session attackers.
    expect(new Set(outcomes.map((o) => o.attacker)).size).toBe(attackers.length);
  });

  it('left Sam’s account as it was (no write went through)', async () => {
    const me = await api(t.app, sam, 'GET', `/api/user/${DEMO.sam.id}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ firstName: 'Sam', lastName: 'Patel', email: DEMO.sam.email });
    // Sam's own refresh token still works: the truncated copy did not spend or revoke it.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/app/refresh/?client_id=portal-web',
      headers: { cookie: sam.jar.header(), origin: FRONT_END },
    });
    expect(refreshed.statusCode).toBe(200);
    // Sam's passkey is as it was: neither renamed nor removed.
    const passkey = await t.database.db.selectFrom('passkeys').select(['name', 'user_id']).where('id', '=', SAM_PASSKEY_ID).executeTakeFirst();
    expect(passkey).toEqual({ name: 'Sam’s phone', user_id: DEMO.sam.id });
  });

  it('uses markers that are really Sam’s or unlinked records’ data in the database', async () => {
    const db = t.database.db;
    const identity = await db.selectFrom('identity_users').selectAll().where('id', '=', DEMO.sam.id).executeTakeFirstOrThrow();
    const employments = await db
      .selectFrom('employments')
      .selectAll()
      .where((eb) => eb.or([eb('user_id', '=', DEMO.sam.id), eb('user_id', 'is', null)]))
      .execute();
    const held = JSON.stringify([identity, employments, await idsInDatabase()]);
    for (const marker of [...SAM_MARKERS, ...UNLINKED_MARKERS]) expect({ marker, held: held.includes(marker) }).toEqual({ marker, held: true });
    // Nor are they Alex's: a marker in Alex's own data would flag his legitimate answers.
    const alexData = await api(t.app, alex, 'GET', `/api/user/${DEMO.alex.id}`);
    for (const marker of markers) expect(alexData.body).not.toContain(marker);
  });
});

describe('employments and files of the same user', () => {
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
