// Passkeys, through the real routes and pages with a software authenticator making real ES256
// attestations and assertions: adding, listing, renaming and removing them (the signed-in user's own
// only), signing in with one alone, and every refusal: another origin or relying party, a replayed
// or expired challenge, a challenge of another session or browser, a counter that went back.
import { decodeJwt } from 'jose';
import { CookieJar, DEMO, FRONT_END, api, createTestApp, follow, outbox, register, request, signInAlex, signInSam, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import {
  addPasskey,
  creationOptions,
  fetchOptions,
  listPasskeys,
  newAuthenticator,
  openSignInPage,
  passkeySignIn,
  postAssertion,
  postPasskey,
  signInOptions,
} from '../test/passkeys';
import { MAX_PASSKEYS_PER_ACCOUNT } from './passkeys';
import { SIGN_IN_LIMITS, signInAddressCounter } from './throttle-rules';
import { Throttle } from '../throttle/throttle';
import { PASSKEY_SCRIPT_HASH } from '../http/passkey-script';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let accounts = 0;
/** A fresh account, signed in with its password (the demo users stay as the other tests expect them). */
async function newUser(): Promise<SignedIn> {
  accounts += 1;
  return register(t.app, { email: `passkey.user.${accounts}@example.com`, password: 'a-long-password-24' });
}

const passkeyRow = (id: string) => t.database.db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
const sessionsOf = (userId: string) => t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
const sidOf = (jar: CookieJar) => String(decodeJwt(jar.get('__Host-app.at')!).sid);

describe('adding a passkey', () => {
  it('asks for a discoverable passkey that verifies its user, for the portal as relying party', async () => {
    const user = await newUser();
    const options = await creationOptions(t.app, user);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Pay portal' },
      user: { name: user.email, displayName: 'Jamie Taylor', id: Buffer.from(user.sub).toString('base64url') },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    });
    expect(options.challenge).toMatch(/^[\w-]{40,}$/);
  });

  it('adds several, lists them with their names and dates, and tells the owner by e-mail', async () => {
    const user = await newUser();
    const phone = newAuthenticator();
    const laptop = newAuthenticator();
    const first = await addPasskey(t.app, user, phone, '  My phone ');
    // The second's options name the first: the same device adds no second passkey.
    const options = await creationOptions(t.app, user);
    expect(options.excludeCredentials).toEqual([{ id: phone.credentials[0]!.id, type: 'public-key', transports: ['internal'] }]);
    const second = unwrap<{ id: string }>(await postPasskey(t.app, user, 'Work laptop', laptop.register(options))).data;
    const list = await listPasskeys(t.app, user);
    expect(list).toEqual([
      { id: first.id, name: 'My phone', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), lastUsedAt: null },
      { id: second.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const row = await passkeyRow(first.id);
    expect({ credential: row?.credential_id, counter: Number(row?.counter), transports: row?.transports }).toEqual({
      credential: phone.credentials[0]!.id,
      counter: 0,
      transports: '["internal"]',
    });
    const notices = (await outbox(t.app, user.email)).filter((m) => m.subject === 'A passkey was added to your pay portal account');
    expect(notices.map((m) => m.body.split('\n')[0])).toEqual([
      'A passkey named "Work laptop" was added to your pay portal account. It can sign in to your account without your password.',
      'A passkey named "My phone" was added to your pay portal account. It can sign in to your account without your password.',
    ]);
  });

  it('refuses an answer from another origin, for another relying party, or without user verification', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const res = await postPasskey(t.app, user, 'Bent', device.register(await creationOptions(t.app, user), bend));
      expect({ bend, status: res.statusCode, error: res.json().error }).toEqual({
        bend,
        status: 400,
        error: 'The passkey was not added: your device’s answer could not be checked. Try again.',
      });
    }
    expect(await listPasskeys(t.app, user)).toEqual([]);
  });

  it('spends the challenge once: the same answer again, or an answer to no challenge, adds nothing', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    const answer = device.register(await creationOptions(t.app, user));
    expect((await postPasskey(t.app, user, 'Once', answer)).statusCode).toBe(200);
    const again = await postPasskey(t.app, user, 'Twice', answer);
    expect(again.json()).toEqual({
      status: 400,
      error: 'The passkey was not added: this attempt has expired or was used already. Try again.',
      code: 'passkeys.expired',
      data: null,
    });
    const invented = await postPasskey(
      t.app,
      user,
      'Invented',
      newAuthenticator().register({ ...(await creationOptions(t.app, user)), challenge: 'bm90LWEtY2hhbGxlbmdlLW9mLW91cnM' }),
    );
    expect(invented.statusCode).toBe(400);
    expect((await listPasskeys(t.app, user)).map((p) => p.name)).toEqual(['Once']);
  });

  it('binds the challenge to the session that asked: another session of the same account cannot answer it', async () => {
    const user = await newUser();
    const second = await openSecondSession(user);
    expect(sidOf(second.jar)).not.toBe(sidOf(user.jar));
    const answer = newAuthenticator().register(await creationOptions(t.app, user));
    const res = await postPasskey(t.app, second, 'Other session', answer);
    expect(res.statusCode).toBe(400);
    expect(await listPasskeys(t.app, user)).toEqual([]);
  });

  it('refuses an expired challenge', async () => {
    const user = await newUser();
    const answer = newAuthenticator().register(await creationOptions(t.app, user));
    await t.database.db
      .updateTable('passkey_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.sub)
      .execute();
    expect((await postPasskey(t.app, user, 'Late', answer)).statusCode).toBe(400);
  });

  it(`holds at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys per account`, async () => {
    const user = await newUser();
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('passkeys')
      .values(
        Array.from({ length: MAX_PASSKEYS_PER_ACCOUNT }, (_, i) => ({
          id: `pk_full_${accounts}_${i}`,
          user_id: user.sub,
          credential_id: `full-${accounts}-${i}`,
          public_key: 'AA',
          counter: 0,
          transports: '[]',
          name: `Key ${i}`,
          created_at: now,
          last_used_at: null,
        })),
      )
      .execute();
    const res = await postPasskey(t.app, user, 'One too many', newAuthenticator().register(await creationOptions(t.app, user)));
    expect(res.json()).toEqual({
      status: 409,
      error: `You have ${MAX_PASSKEYS_PER_ACCOUNT} passkeys already. Remove one before adding another.`,
      code: 'passkeys.too_many',
      data: null,
    });
  });

  it('answers 400, never 500, to a malformed answer or name', async () => {
    const user = await newUser();
    const good = newAuthenticator().register(await creationOptions(t.app, user));
    const bodies: unknown[] = [
      { name: 'x' },
      { name: '', credential: good },
      { name: '   ', credential: good },
      { name: 'x'.repeat(61), credential: good },
      { name: 'x', credential: { ...good, response: { ...good.response, attestationObject: 'not base64url!' } } },
      { name: 'x', credential: { ...good, response: { ...good.response, attestationObject: 'AAAA' } } },
      { name: 'x', credential: { ...good, response: { ...good.response, clientDataJSON: 'e30' } } },
      { name: 'x', credential: { ...good, extra: 1 } },
    ];
    for (const body of bodies) {
      const res = await api(t.app, user, 'POST', `/api/users/${user.sub}/passkeys`, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
  });
});

/** The same account signed in a second time, in another browser. */
async function openSecondSession(user: SignedIn): Promise<SignedIn> {
  const at = await openSignInPage(t.app);
  const fields = { ...at.fields, email: user.email, password: 'a-long-password-24' };
  const posted = await request(t.app, at.jar, {
    method: 'POST',
    url: '/account/sign-in',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: FRONT_END },
  });
  await follow(t.app, at.jar, posted);
  return { ...user, jar: at.jar };
}

describe('renaming and removing', () => {
  it('renames and removes the user’s own passkeys', async () => {
    const user = await newUser();
    const passkey = await addPasskey(t.app, user, newAuthenticator(), 'Old name');
    const renamed = await api(t.app, user, 'PATCH', `/api/users/${user.sub}/passkeys/${passkey.id}`, { name: ' New name ' });
    expect(unwrap(renamed).data).toEqual({ ...passkey, name: 'New name' });
    expect((await api(t.app, user, 'PATCH', `/api/users/${user.sub}/passkeys/${passkey.id}`, { name: '' })).statusCode).toBe(400);
    const removed = await api(t.app, user, 'DELETE', `/api/users/${user.sub}/passkeys/${passkey.id}`, {});
    expect(unwrap(removed).data).toEqual({ removed: true });
    expect(await listPasskeys(t.app, user)).toEqual([]);
    const again = await api(t.app, user, 'DELETE', `/api/users/${user.sub}/passkeys/${passkey.id}`, {});
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 404,
      body: { status: 404, error: 'No such passkey on your account', code: 'passkeys.not_found', data: null },
    });
  });

  it('leaves another user’s passkeys untouchable: 404 for their passkey id, 403 for their user id, and nothing changes', async () => {
    const alex = await signInAlex(t.app);
    const sam = await signInSam(t.app);
    const samsKey = await addPasskey(t.app, sam, newAuthenticator(), 'Sam’s phone');
    const before = await passkeyRow(samsKey.id);
    const asAlex = [
      await api(t.app, alex, 'PATCH', `/api/users/${alex.sub}/passkeys/${samsKey.id}`, { name: 'Taken' }),
      await api(t.app, alex, 'DELETE', `/api/users/${alex.sub}/passkeys/${samsKey.id}`, {}),
    ];
    for (const res of asAlex)
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 404,
        body: { status: 404, error: 'No such passkey on your account', code: 'passkeys.not_found', data: null },
      });
    const inSamsName = [
      await api(t.app, alex, 'GET', `/api/users/${sam.sub}/passkeys`),
      await api(t.app, alex, 'POST', `/api/users/${sam.sub}/passkeys/options`, {}),
      await api(t.app, alex, 'PATCH', `/api/users/${sam.sub}/passkeys/${samsKey.id}`, { name: 'Taken' }),
      await api(t.app, alex, 'DELETE', `/api/users/${sam.sub}/passkeys/${samsKey.id}`, {}),
    ];
    for (const res of inSamsName) expect(res.statusCode).toBe(403);
    expect(await passkeyRow(samsKey.id)).toEqual(before);
    expect((await listPasskeys(t.app, alex)).map((p) => p.id)).not.toContain(samsKey.id);
    await api(t.app, sam, 'DELETE', `/api/users/${sam.sub}/passkeys/${samsKey.id}`, {});
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: `/api/users/${DEMO.alex.id}/passkeys` });
    expect(res.statusCode).toBe(401);
  });
});

describe('signing in with a passkey alone', () => {
  it('offers the button on the sign-in page, hidden until its script (allowed by its hash) finds passkeys supported', async () => {
    const { page } = await openSignInPage(t.app);
    expect(page.body).toMatch(/<section class="passkey" data-passkey-options="\/account\/passkey-sign-in\/options"[^>]* hidden>/);
    expect(page.body).toContain('<button type="button" class="secondary" id="passkey" data-passkey-start>Sign in with a passkey</button>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`'${PASSKEY_SCRIPT_HASH}'`);
    expect(csp).toMatch(/; connect-src 'self'$/);
    const script = await t.app.inject({ url: '/account/passkey.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('SimpleWebAuthnBrowser');
    expect(script.body).toContain('browserSupportsWebAuthn()');
  });

  it('signs in with no e-mail or password typed, as the password form does, past both steps', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    const passkey = await addPasskey(t.app, user, device);
    const before = await sessionsOf(user.sub);
    const signedIn = await passkeySignIn(t.app, device);
    expect(signedIn.posted.statusCode).toBe(302);
    expect(signedIn.posted.headers.location).toMatch(/^\/app\/callback\/\?code=[\w-]+&state=passkey-state$/);
    expect(signedIn.location).toBe(`${FRONT_END}/?state=passkey-state`);
    const me = await request(t.app, signedIn.jar, { url: '/app/me/' });
    expect(me.json()).toMatchObject({ sub: user.sub, email: user.email });
    const sessions = await sessionsOf(user.sub);
    expect(sessions).toHaveLength(before.length + 1);
    const session = sessions.find((s) => s.id === sidOf(signedIn.jar))!;
    expect(session.second_step_at).not.toBeNull();
    const row = await passkeyRow(passkey.id);
    expect(Number(row?.counter)).toBe(1);
    expect((await listPasskeys(t.app, user))[0]!.lastUsedAt).toEqual(expect.any(String));
    // The sign-in history says how.
    const history = unwrap<{ result: string; method: string }[]>(await api(t.app, user, 'GET', `/api/users/${user.sub}/sign-ins`)).data;
    expect(history[0]).toMatchObject({ result: 'signed-in', method: 'passkey' });
  });

  it('signs an employer admin straight in: a passkey that verifies its user is the second step too', async () => {
    const user = await newUser();
    await t.database.db
      .insertInto('employer_admins')
      .values({ employer_id: DEMO.employers.northwind, user_id: user.sub, created_at: new Date().toISOString(), invited_by: null })
      .execute();
    const device = newAuthenticator();
    await addPasskey(t.app, user, device);
    const signedIn = await passkeySignIn(t.app, device);
    expect(signedIn.location).toBe(`${FRONT_END}/?state=passkey-state`);
    const console = await api(t.app, { ...user, jar: signedIn.jar }, 'GET', '/api/employer-console');
    expect(console.statusCode).toBe(200);
    expect(unwrap<{ secondStep: boolean }>(console).data.secondStep).toBe(true);
  });

  it('works again and again with a passkey that does not count its signatures (a synced one)', async () => {
    const user = await newUser();
    const device = newAuthenticator(false);
    await addPasskey(t.app, user, device);
    for (let i = 0; i < 2; i++) expect((await passkeySignIn(t.app, device)).location).toBe(`${FRONT_END}/?state=passkey-state`);
  });

  it('refuses a replayed answer: its challenge was spent by the first sign-in', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    await addPasskey(t.app, user, device);
    const first = await passkeySignIn(t.app, device);
    expect(first.posted.statusCode).toBe(302);
    const sessions = (await sessionsOf(user.sub)).length;
    const replayed = await postAssertion(t.app, first, first.assertion);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.body).toContain('This passkey sign-in took too long or was already used. Try again.');
    expect((await sessionsOf(user.sub)).length).toBe(sessions);
  });

  it('refuses an answer from another origin or for another relying party, and spends its challenge', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    await addPasskey(t.app, user, device);
    for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const attempt = await passkeySignIn(t.app, device, bend);
      expect({ bend, status: attempt.posted.statusCode, location: attempt.location }).toEqual({ bend, status: 401, location: null });
      expect(attempt.posted.body).toContain('Your passkey could not be checked. Try again, or sign in another way.');
      // The challenge is gone: the same browser cannot try the answer again.
      expect((await postAssertion(t.app, attempt, attempt.assertion)).statusCode).toBe(400);
    }
  });

  it('refuses an answer whose user handle names another account than the passkey’s', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    await addPasskey(t.app, user, device);
    const attempt = await passkeySignIn(t.app, device, { userHandle: Buffer.from(DEMO.alex.id).toString('base64url') });
    expect(attempt.posted.statusCode).toBe(401);
    expect((await passkeySignIn(t.app, device)).posted.statusCode).toBe(302);
  });

  it('binds the challenge to the browser that asked for it', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    await addPasskey(t.app, user, device);
    const asker = await openSignInPage(t.app);
    const assertion = device.assert(await signInOptions(t.app, asker.jar));
    const other = await openSignInPage(t.app);
    expect((await postAssertion(t.app, other, assertion)).statusCode).toBe(400);
    expect((await postAssertion(t.app, asker, assertion)).statusCode).toBe(302);
  });

  it('refuses a counter that went back (a copy of the passkey), logs it, and keeps the counter', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    const passkey = await addPasskey(t.app, user, device);
    for (let i = 0; i < 3; i++) await passkeySignIn(t.app, device);
    expect(Number((await passkeyRow(passkey.id))?.counter)).toBe(3);
    for (const counter of [3, 2, 0]) {
      const attempt = await passkeySignIn(t.app, device, { counter });
      expect({ counter, status: attempt.posted.statusCode }).toEqual({ counter, status: 401 });
    }
    expect(Number((await passkeyRow(passkey.id))?.counter)).toBe(3);
    expect(t.logs.filter((line) => line.includes('its counter went back') && line.includes(passkey.id))).toHaveLength(3);
    expect((await passkeySignIn(t.app, device, { counter: 4 })).posted.statusCode).toBe(302);
  });

  it('refuses a passkey that was removed, or that the portal never knew', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    const passkey = await addPasskey(t.app, user, device);
    await api(t.app, user, 'DELETE', `/api/users/${user.sub}/passkeys/${passkey.id}`, {});
    const attempt = await passkeySignIn(t.app, device);
    expect(attempt.posted.statusCode).toBe(401);
    expect(attempt.posted.body).toContain('This passkey is not set up for a pay portal account.');
    const stranger = newAuthenticator();
    stranger.register({ challenge: 'AAAA', rp: { id: 'localhost', name: 'x' }, user: { id: 'eA', name: 'x', displayName: 'x' } });
    expect((await passkeySignIn(t.app, stranger)).posted.statusCode).toBe(401);
  });

  it('answers the sign-in page with an error, never a 500, for an answer it cannot read', async () => {
    const at = await openSignInPage(t.app);
    for (const credential of ['', 'not json', '{}', JSON.stringify({ id: 'x', rawId: 'x', type: 'public-key' }), 'x'.repeat(9000)]) {
      const res = await postAssertion(t.app, at, credential);
      expect({ credential: credential.slice(0, 20), status: res.statusCode }).toEqual({ credential: credential.slice(0, 20), status: 400 });
    }
  });

  it('asks for options only from the portal’s own page in a browser it has seen', async () => {
    const noCookie = await fetchOptions(t.app, new CookieJar(), '/account/passkey-sign-in/options');
    expect(noCookie.statusCode).toBe(403);
    const at = await openSignInPage(t.app);
    expect((await fetchOptions(t.app, at.jar, '/account/passkey-sign-in/options', { origin: 'https://evil.example' })).statusCode).toBe(403);
    const options = await signInOptions(t.app, at.jar);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it('counts an answer as a sign-in attempt of its address: at the limit, it is refused before it is checked', async () => {
    const user = await newUser();
    const device = newAuthenticator();
    await addPasskey(t.app, user, device);
    const at = await openSignInPage(t.app);
    const assertion = device.assert(await signInOptions(t.app, at.jar));
    const throttle = new Throttle(t.database.db);
    const counter = signInAddressCounter('127.0.0.1');
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.max; i++) await throttle.take([counter]);
    const refused = await postAssertion(t.app, at, assertion);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toContain('Too many failed attempts to sign in. Wait 15 minutes, then try again.');
    await throttle.clear([counter.key]);
    // Refused before it was looked at: the challenge is still there, and the answer now signs in.
    expect((await postAssertion(t.app, at, assertion)).statusCode).toBe(302);
    expect(await throttle.count(counter.key)).toBe(0);
  });
});
