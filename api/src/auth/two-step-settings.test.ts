// Two-step sign-in from Settings, for every account: turning it on (the key and its QR code, then
// the first code, then ten recovery codes shown once), new recovery codes, turning it off with a
// code or the password, and what sign-in asks afterwards. Only one's own account; wrong codes are
// limited as at sign-in (the same counter).
import { CookieJar, DEMO, DEMO_PASSWORD, api, createTestApp, outbox, register, returningBrowser, signIn, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { freshCode, passwordStep, rememberSecret, signInWithSecondStep } from '../test/second-step';
import { turnOnTwoStep, twoStepPath } from '../test/account-security';
import { makeAdmin } from '../test/admins';
import { totpCode } from './second-step-secrets';
import { SECOND_STEP_LIMITS } from './throttle-rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
});
afterAll(() => t.close());

let people = 0;
const PASSWORD = 'a-long-enough-password';
async function newPerson(): Promise<SignedIn> {
  people += 1;
  return register(t.app, { email: `two.step.${people}@example.com`, password: PASSWORD });
}

const status = async (user: SignedIn) =>
  unwrap<{ on: boolean; recoveryCodesLeft: number; required: boolean }>(await api(t.app, user, 'GET', twoStepPath(user))).data;

/** Whether signing in with the password alone now asks for a second step. */
async function asksSecondStep(email: string): Promise<boolean> {
  const page = await passwordStep(t.app, returningBrowser(t.app, email), email, PASSWORD);
  return page.body.includes('action="/account/second-step"');
}

describe('turning two-step sign-in on from Settings', () => {
  it('shows the key and its QR code, takes the first code, answers ten recovery codes once, and sign-in then asks for a code', async () => {
    const user = await newPerson();
    expect(await status(user)).toEqual({ on: false, recoveryCodesLeft: 0, required: false });

    const setUp = await api(t.app, user, 'POST', twoStepPath(user, 'set-up'), {});
    expect(setUp.statusCode).toBe(200);
    const shown = unwrap<{ key: string; uri: string; qr: { size: number; rows: string[] } }>(setUp).data;
    expect(shown.key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
    expect(shown.uri).toContain(`secret=${shown.key.replace(/ /g, '')}`);
    expect(shown.qr.rows).toHaveLength(shown.qr.size);
    // Shown again, it is the same key (the app may have it already).
    expect(unwrap<{ key: string }>(await api(t.app, user, 'POST', twoStepPath(user, 'set-up'), {})).data.key).toBe(shown.key);

    const secret = shown.key.replace(/ /g, '');
    const wrong = await api(t.app, user, 'POST', twoStepPath(user, 'confirm'), { code: totpCode(secret, Date.now() - 10 * 60_000) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      status: 400,
      error: 'The code is not right. Enter the code your app shows now.',
      code: 'two_step.code_incorrect',
      data: null,
    });
    expect((await api(t.app, user, 'POST', twoStepPath(user, 'confirm'), { code: '12a' })).statusCode).toBe(400);
    expect((await status(user)).on).toBe(false);

    rememberSecret(t.app, user.email, secret);
    const confirmed = await api(t.app, user, 'POST', twoStepPath(user, 'confirm'), { code: await freshCode(t.app, user.email) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = unwrap<{ recoveryCodes: string[] }>(confirmed).data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await status(user)).toEqual({ on: true, recoveryCodesLeft: 10, required: false });
    // Only hashes are kept.
    const stored = await t.database.db.selectFrom('second_step_recovery_codes').select('code_hash').where('user_id', '=', user.sub).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

    // On: no new key, and sign-in asks for a code, which signs in.
    expect((await api(t.app, user, 'POST', twoStepPath(user, 'set-up'), {})).statusCode).toBe(409);
    expect(await asksSecondStep(user.email)).toBe(true);
    await expect(signInWithSecondStep(t.app, user.email, PASSWORD)).resolves.toMatchObject({ sub: user.sub });
    expect((await outbox(t.app, user.email)).map((m) => m.subject)).toContain('Two-step sign-in is on for your pay portal account');
  });

  it('makes new recovery codes for a code from the app, and the old ones stop working', async () => {
    const user = await newPerson();
    const { recoveryCodes: old } = await turnOnTwoStep(t.app, user);
    expect((await api(t.app, user, 'POST', twoStepPath(user, 'recovery-codes'), { code: '000000' })).statusCode).toBe(400);
    const replaced = await api(t.app, user, 'POST', twoStepPath(user, 'recovery-codes'), { code: await freshCode(t.app, user.email) });
    expect(replaced.statusCode).toBe(200);
    const fresh = unwrap<{ recoveryCodes: string[] }>(replaced).data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
    expect((await status(user)).recoveryCodesLeft).toBe(10);
    expect((await outbox(t.app, user.email))[0]!.subject).toBe('New recovery codes for your pay portal account');
  });

  it('turns off with the password or a code from the app (not a wrong one), and sign-in then asks for the password alone', async () => {
    const user = await newPerson();
    await turnOnTwoStep(t.app, user);
    const wrongPassword = await api(t.app, user, 'POST', twoStepPath(user, 'turn-off'), { password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json<{ error: string }>().error).toBe('Your password is not right');
    expect((await api(t.app, user, 'POST', twoStepPath(user, 'turn-off'), { code: '000000' })).statusCode).toBe(400);
    expect((await api(t.app, user, 'POST', twoStepPath(user, 'turn-off'), {})).statusCode).toBe(400);
    expect((await status(user)).on).toBe(true);

    const off = await api(t.app, user, 'POST', twoStepPath(user, 'turn-off'), { password: PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(unwrap(off).data).toEqual({ on: false, recoveryCodesLeft: 0, required: false });
    expect(await asksSecondStep(user.email)).toBe(false);
    expect((await outbox(t.app, user.email))[0]!.subject).toBe('Two-step sign-in is off for your pay portal account');
    expect((await api(t.app, user, 'POST', twoStepPath(user, 'turn-off'), { password: PASSWORD })).statusCode).toBe(409);

    // On again (a new key), and off with a code.
    await turnOnTwoStep(t.app, user);
    const withCode = await api(t.app, user, 'POST', twoStepPath(user, 'turn-off'), { code: await freshCode(t.app, user.email) });
    expect(withCode.statusCode).toBe(200);
    expect((await status(user)).on).toBe(false);
  });

  it('keeps an employer admin’s second step on', async () => {
    const email = 'settings.admin@example.com';
    await makeAdmin(t.database.db, DEMO.employers.northwind, email);
    const admin = await signInWithSecondStep(t.app, email, DEMO_PASSWORD);
    expect(await status(admin)).toMatchObject({ on: true, required: true });
    const off = await api(t.app, admin, 'POST', twoStepPath(admin, 'turn-off'), { password: DEMO_PASSWORD });
    expect(off.statusCode).toBe(409);
    expect((await status(admin)).on).toBe(true);
  });

  it(`limits wrong codes as sign-in does: after ${SECOND_STEP_LIMITS.perAccount.max}, even the right one waits`, async () => {
    const user = await newPerson();
    await turnOnTwoStep(t.app, user);
    for (let i = 0; i < SECOND_STEP_LIMITS.perAccount.max; i++) {
      expect((await api(t.app, user, 'POST', twoStepPath(user, 'recovery-codes'), { code: '000000' })).statusCode).toBe(400);
    }
    const refused = await api(t.app, user, 'POST', twoStepPath(user, 'recovery-codes'), { code: await freshCode(t.app, user.email) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ error: string }>().error).toBe('Too many wrong codes. Wait 15 minutes, then try again.');
    // The same counter as the sign-in's second step.
    const page = await passwordStep(t.app, new CookieJar(), user.email, PASSWORD);
    expect(page.statusCode).toBe(200);
  });

  it('is only for one’s own account: another user’s path answers 403 and changes nothing', async () => {
    const owner = await newPerson();
    await turnOnTwoStep(t.app, owner);
    const sam = await signIn(t.app, DEMO.sam.email);
    for (const [method, path, body] of [
      ['GET', twoStepPath(owner), undefined],
      ['POST', twoStepPath(owner, 'set-up'), {}],
      ['POST', twoStepPath(owner, 'confirm'), { code: '123456' }],
      ['POST', twoStepPath(owner, 'recovery-codes'), { code: '123456' }],
      ['POST', twoStepPath(owner, 'turn-off'), { password: DEMO_PASSWORD }],
    ] as const) {
      const res = await api(t.app, sam, method, path, body);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('recoveryCodes');
    }
    expect(await status(owner)).toMatchObject({ on: true, recoveryCodesLeft: 10 });
  });
});
