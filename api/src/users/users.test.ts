// The authorised user, the app user record and the privacy notice.
import { DEMO, api, createTestApp, register, signInAlex, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { PRIVACY_POLICY_HTML } from './privacy-policy';

let t: TestApp;
let alex: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
});
afterAll(() => t.close());

describe('GET /api/users/authorised', () => {
  it('answers the envelope with the user, the policy flag and the employments (active first)', async () => {
    const res = await api(t.app, alex, 'GET', '/api/users/authorised');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['data']);
    const inner = unwrap(res);
    expect(inner).toEqual({
      status: 200,
      error: null,
      data: [
        {
          userID: DEMO.alex.id,
          privacyPolicyAccepted: true,
          language: null,
          email: DEMO.alex.email,
          employments: [
            { ID: DEMO.employments.alexNorthwind, name: 'Northwind Logistics Ltd', active: true, endDate: null },
            // Ended: readable here until its end date plus Brightwater's retention period (6 years).
            { ID: DEMO.employments.alexBrightwater, name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31', retainedUntil: '2031-03-31' },
          ],
        },
      ],
    });
  });

  it('is 401 when signed out', async () => {
    const res = await t.app.inject({ url: '/api/users/authorised' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, error: expect.any(String), code: 'session.signed_out', data: null });
  });

  it('is 401 for a live session whose app user record is gone', async () => {
    const user = await register(t.app, { email: 'gone.person@example.com', password: 'a-long-password-2', firstName: 'Gone', lastName: 'Person' });
    expect((await api(t.app, user, 'GET', '/api/users/authorised')).statusCode).toBe(200);
    await t.database.db.deleteFrom('users').where('id', '=', user.sub).execute();
    const res = await api(t.app, user, 'GET', '/api/users/authorised');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, error: 'You are signed out. Please sign in again.', code: 'session.signed_out', data: null });
  });

  it('gives a new account no employments and the policy not yet accepted', async () => {
    const user = await register(t.app, { email: 'new.person@example.com', password: 'a-long-password-2', firstName: 'New', lastName: 'Person' });
    const inner = unwrap<{ userID: string; privacyPolicyAccepted: boolean; employments: unknown[] }[]>(await api(t.app, user, 'GET', '/api/users/authorised'));
    expect(inner.data[0]).toMatchObject({ userID: user.sub, privacyPolicyAccepted: false, employments: [] });

    const accepted = await api(t.app, user, 'PATCH', `/api/users/${user.sub}`, { privacyPolicyAccepted: true });
    expect(accepted.statusCode).toBe(200);
    expect(unwrap(accepted).data).toEqual({ userID: user.sub, privacyPolicyAccepted: true, email: 'new.person@example.com', language: null });
    const again = unwrap<{ privacyPolicyAccepted: boolean }[]>(await api(t.app, user, 'GET', '/api/users/authorised'));
    expect(again.data[0]!.privacyPolicyAccepted).toBe(true);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('keeps the notification e-mail in use until the link sent to a new one is opened (notification-email.test.ts)', async () => {
    const res = await api(t.app, alex, 'PATCH', `/api/users/${alex.sub}`, { email: 'Alex.Notify@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(unwrap(res).data).toEqual({ userID: alex.sub, privacyPolicyAccepted: true, email: DEMO.alex.email, language: null });
  });

  it('also answers the spec’s /api/users/{userId}/{userId} form', async () => {
    const res = await api(t.app, alex, 'PATCH', `/api/users/${alex.sub}/${alex.sub}`, { email: DEMO.alex.email });
    expect(res.statusCode).toBe(200);
    expect(unwrap(res).data).toMatchObject({ email: DEMO.alex.email });
  });

  it('keeps the language a person chooses on their account, for every device they sign in on, and refuses any other', async () => {
    const user = await register(t.app, { email: 'cymraeg.person@example.com', password: 'a-long-password-2', firstName: 'Non', lastName: 'Evans' });
    const chosen = await api(t.app, user, 'PATCH', `/api/users/${user.sub}`, { language: 'cy' });
    expect(chosen.statusCode).toBe(200);
    expect(unwrap(chosen).data).toMatchObject({ userID: user.sub, language: 'cy', privacyPolicyAccepted: false });
    const authorised = unwrap<{ language: string | null }[]>(await api(t.app, user, 'GET', '/api/users/authorised'));
    expect(authorised.data[0]!.language).toBe('cy');

    const wrong = await api(t.app, user, 'PATCH', `/api/users/${user.sub}`, { language: 'fr' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'request.field_invalid', error: expect.stringContaining("must be 'en' or 'cy'") });
    expect(unwrap<{ language: string | null }[]>(await api(t.app, user, 'GET', '/api/users/authorised')).data[0]!.language).toBe('cy');

    // Another user's language cannot be set.
    expect((await api(t.app, alex, 'PATCH', `/api/users/${user.sub}`, { language: 'en' })).statusCode).toBe(403);
    expect(unwrap<{ language: string | null }[]>(await api(t.app, user, 'GET', '/api/users/authorised')).data[0]!.language).toBe('cy');
  });

  it('refuses an empty body and unknown fields', async () => {
    expect((await api(t.app, alex, 'PATCH', `/api/users/${alex.sub}`, {})).statusCode).toBe(400);
    const res = await api(t.app, alex, 'PATCH', `/api/users/${alex.sub}`, { admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("body has an unknown field 'admin'");
  });
});

describe('GET /api/users/{userId}/privacy_policy_text', () => {
  it('answers the policy HTML inside the envelope', async () => {
    const inner = unwrap<string>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/privacy_policy_text`));
    expect(inner.status).toBe(200);
    expect(inner.data).toBe(PRIVACY_POLICY_HTML);
    expect(inner.data).toMatch(/^<h2>Privacy notice<\/h2>/);
    expect(inner.data).toContain('Information Commissioner');
  });
});
