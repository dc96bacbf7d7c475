// /api/user/{sub}: the identity user in FusionAuth's shape, for the signed-in user only.
import { DEMO, DEMO_PASSWORD, api, createTestApp, request, signIn, signInAlex, signInSam } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';

let t: TestApp;
let alex: SignedIn;
let sam: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
  sam = await signInSam(t.app);
});
afterAll(() => t.close());

describe('GET /api/user/{sub}', () => {
  it('answers the user in FusionAuth’s shape', async () => {
    const res = await api(t.app, alex, 'GET', `/api/user/${alex.sub}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: DEMO.alex.id,
        email: DEMO.alex.email,
        firstName: 'Alex',
        middleName: 'Jordan',
        lastName: 'Morgan',
        mobilePhone: '07700900456',
        birthDate: '1988-06-12',
        data: { niNumber: 'AB987654B' },
      },
    });
  });

  it('is 403 for someone else’s sub', async () => {
    const res = await api(t.app, alex, 'GET', `/api/user/${sam.sub}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Patel');
  });
});

describe('PATCH /api/user/{sub}', () => {
  it('merges each of the profile edits and answers the whole user', async () => {
    const edits: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { firstName: 'Sammy', middleName: 'J', lastName: 'Patel-Jones' },
        { firstName: 'Sammy', middleName: 'J', lastName: 'Patel-Jones' },
      ],
      [{ middleName: null }, { middleName: null }],
      [{ mobilePhone: '07700 900111' }, { mobilePhone: '07700 900111' }],
      [{ birthDate: '1992-11-04' }, { birthDate: '1992-11-04' }],
      [{ data: { niNumber: 'ab 24 68 10 d' } }, { data: { niNumber: 'AB246810D' } }],
      // The same address in other case is no change (a new one waits for its link: email-change.test.ts).
      [{ email: DEMO.sam.email.toUpperCase() }, { email: DEMO.sam.email }],
    ];
    for (const [patch, expected] of edits) {
      const res = await api(t.app, sam, 'PATCH', `/api/user/${sam.sub}`, { user: patch });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject(expected);
    }
    const all = (await api(t.app, sam, 'GET', `/api/user/${sam.sub}`)).json().user;
    expect(all).toEqual({
      id: sam.sub,
      email: DEMO.sam.email,
      firstName: 'Sammy',
      middleName: null,
      lastName: 'Patel-Jones',
      mobilePhone: '07700 900111',
      birthDate: '1992-11-04',
      data: { niNumber: 'AB246810D' },
    });

    // The sign-in claims follow.
    const me = (await request(t.app, sam.jar, { url: '/app/me/' })).json();
    expect(me).toMatchObject({ given_name: 'Sammy', family_name: 'Patel-Jones', phone_number: '07700 900111', birthdate: '1992-11-04' });
    const again = await signIn(t.app, DEMO.sam.email);
    expect(again.sub).toBe(sam.sub);
  });

  it('refuses an e-mail that another account uses', async () => {
    const res = await api(t.app, alex, 'PATCH', `/api/user/${alex.sub}`, { user: { email: DEMO.sam.email }, currentPassword: DEMO_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 409,
      error: 'That email address is already used by another account',
      code: 'profile.email_taken',
      field: 'email',
      data: null,
    });
  });

  it('is 403 for someone else’s sub and changes nothing', async () => {
    const res = await api(t.app, alex, 'PATCH', `/api/user/${sam.sub}`, { user: { firstName: 'Hacked' } });
    expect(res.statusCode).toBe(403);
    expect((await api(t.app, sam, 'GET', `/api/user/${sam.sub}`)).json().user.firstName).toBe('Sammy');
  });
});
