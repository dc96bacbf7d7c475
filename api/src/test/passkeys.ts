// Passkeys as a person uses them, through the real routes and pages, with the software authenticator
// (webauthn-authenticator.ts) standing in for the device and its browser: adding one in Settings,
// and signing in with one on the sign-in page (its script's two calls: the options, then the form).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CLIENT_ID, CookieJar, FRONT_END, api, follow, formFields, request, unwrap } from './helpers';
import type { SignedIn } from './helpers';
import { postForm } from './forms';
import { TestAuthenticator } from './webauthn-authenticator';
import type { AuthenticationResponse, Bend, CreationOptions, RegistrationResponse, RequestOptions } from './webauthn-authenticator';

export type PasskeyView = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** A new authenticator on the portal's page (the origin the API's tests call from). */
export const newAuthenticator = (counts = true) => new TestAuthenticator(FRONT_END, counts);

const passkeysPath = (user: SignedIn) => `/api/users/${user.sub}/passkeys`;

/** POST .../passkeys/options: the creation options, unwrapped. */
export async function creationOptions(app: FastifyInstance, user: SignedIn): Promise<CreationOptions> {
  const res = await api(app, user, 'POST', `${passkeysPath(user)}/options`, {});
  if (res.statusCode !== 200) throw new Error(`options answered ${res.statusCode}: ${res.body}`);
  return unwrap<CreationOptions>(res).data;
}

/** POST .../passkeys with a name and an answer. */
export const postPasskey = (app: FastifyInstance, user: SignedIn, name: string, credential: RegistrationResponse) =>
  api(app, user, 'POST', passkeysPath(user), { name, credential });

/** Adds a passkey as Settings does (options, the device's answer, the name); answers it. */
export async function addPasskey(
  app: FastifyInstance,
  user: SignedIn,
  authenticator: TestAuthenticator,
  name = 'My laptop',
  bend: Bend = {},
): Promise<PasskeyView> {
  const res = await postPasskey(app, user, name, authenticator.register(await creationOptions(app, user), bend));
  if (res.statusCode !== 200) throw new Error(`adding a passkey answered ${res.statusCode}: ${res.body}`);
  return unwrap<PasskeyView>(res).data;
}

export async function listPasskeys(app: FastifyInstance, user: SignedIn): Promise<PasskeyView[]> {
  const res = await api(app, user, 'GET', passkeysPath(user));
  if (res.statusCode !== 200) throw new Error(`the list answered ${res.statusCode}: ${res.body}`);
  return unwrap<PasskeyView[]>(res).data;
}

/** A browser on the sign-in page: its cookies, the page and the passkey form's own fields (the CSRF token, the client). */
export type SignInPage = { jar: CookieJar; page: LightMyRequestResponse; fields: Record<string, string> };

export async function openSignInPage(app: FastifyInstance, jar = new CookieJar()): Promise<SignInPage> {
  const start = await request(app, jar, {
    url: `/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}&scope=openid%20offline_access&state=passkey-state`,
  });
  const { res: page } = await follow(app, jar, start);
  if (page.statusCode !== 200) throw new Error(`sign-in page answered ${page.statusCode}`);
  const { email: _email, password: _password, ...fields } = formFields(page.body).fields;
  return { jar, page, fields };
}

/** The page script's fetch of the options (JSON, from the page's origin, with its cookies). */
export function fetchOptions(app: FastifyInstance, jar: CookieJar, path: string, headers: Record<string, string> = {}) {
  return request(app, jar, { method: 'POST', url: path, payload: '{}', headers: { 'content-type': 'application/json', origin: FRONT_END, ...headers } });
}

export async function signInOptions(app: FastifyInstance, jar: CookieJar): Promise<RequestOptions> {
  const res = await fetchOptions(app, jar, '/account/passkey-sign-in/options');
  if (res.statusCode !== 200) throw new Error(`sign-in options answered ${res.statusCode}: ${res.body}`);
  return res.json<RequestOptions>();
}

/** The page's form, posted with the passkey's answer. */
export const postAssertion = (app: FastifyInstance, at: SignInPage, credential: AuthenticationResponse | string) =>
  postForm(app, at.jar, '/account/passkey-sign-in', { ...at.fields, credential: typeof credential === 'string' ? credential : JSON.stringify(credential) });

/** Signs in with a passkey alone as the sign-in page does; answers the post's answer and where it led. */
export async function passkeySignIn(app: FastifyInstance, authenticator: TestAuthenticator, bend: Bend = {}) {
  const at = await openSignInPage(app);
  const assertion = authenticator.assert(await signInOptions(app, at.jar), bend);
  const posted = await postAssertion(app, at, assertion);
  const { location } = await follow(app, at.jar, posted);
  return { ...at, assertion, posted, location };
}
