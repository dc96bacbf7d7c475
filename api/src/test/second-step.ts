// Signing in with a second step as a person does it, through the real pages: password, then a code
// from the authenticator app (set up first if the account has none, as an employer admin's first
// sign-in does). Codes are computed here from the key the set-up page shows, with otpauth as an app would.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CLIENT_ID, DEMO_PASSWORD, FRONT_END, follow, formFields, rememberBrowser, request, returningBrowser } from './helpers';
import type { SignedIn, CookieJar } from './helpers';
import { postForm } from './forms';
import { TOTP_PERIOD_SECONDS, timeStep, totpCode } from '../auth/second-step-secrets';

export type SignedInWithSecondStep = SignedIn & {
  /** The authenticator's key (base32), as the set-up page showed it. */
  secret: string;
  /** The recovery codes, when this sign-in set the authenticator up (they are shown only then). */
  recoveryCodes: string[];
};

/** The keys set up through this helper, per app and account, and the newest step each has spent. */
const known = new WeakMap<FastifyInstance, Map<string, { secret: string; lastStep: number }>>();

const keysOf = (app: FastifyInstance) => {
  let keys = known.get(app);
  if (!keys) known.set(app, (keys = new Map()));
  return keys;
};

/** Remembers an account's key set up some other way, so the helper can sign it in. */
export function rememberSecret(app: FastifyInstance, email: string, secret: string): void {
  keysOf(app).set(email.toLowerCase(), { secret, lastStep: 0 });
}

/** How long a code for the step before the current one must still have, to reach the server in time. */
const SAFE_MARGIN_MS = 10_000;

/**
 * The code for the earliest step the account has not spent among the three accepted now (the one
 * before, now, the one after): three sign-ins of one account in 30 seconds need no wait; a fourth
 * waits for the clock.
 */

export async function freshCode(app: FastifyInstance, email: string): Promise<string> {
  const entry = keysOf(app).get(email.toLowerCase());
  if (!entry) throw new Error(`no authenticator key known for ${email}`);
  for (;;) {
    const now = Date.now();
    // The step before stays valid only until the current one ends: it is used only while the answer
    // has time to arrive (the server accepts one step either side), else it could arrive two behind.
    const leftMs = TOTP_PERIOD_SECONDS * 1000 - (now % (TOTP_PERIOD_SECONDS * 1000));
    const earliest = leftMs > SAFE_MARGIN_MS ? timeStep(now) - 1 : timeStep(now);
    const step = Math.max(earliest, entry.lastStep + 1);
    if (step <= timeStep(now) + 1) {
      entry.lastStep = step;
      return totpCode(entry.secret, step * TOTP_PERIOD_SECONDS * 1000);
    }
    await new Promise((resolve) => setTimeout(resolve, TOTP_PERIOD_SECONDS * 1000 - (now % (TOTP_PERIOD_SECONDS * 1000)) + 50));
  }
}

/** The password page, filled in and posted: answers the page the browser lands on (the second step's, for an account that has one). */
export async function passwordStep(app: FastifyInstance, jar: CookieJar, email: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
  const start = await request(app, jar, {
    url: `/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}&scope=openid%20offline_access&state=test-state`,
  });
  const { res: page } = await follow(app, jar, start);
  if (page.statusCode !== 200) throw new Error(`sign-in page answered ${page.statusCode}`);
  const { action, fields } = formFields(page.body);
  const posted = await postForm(app, jar, action, { ...fields, email, password });
  return (await follow(app, jar, posted)).res;
}

/** The key shown on the set-up page, without its spaces. */
export function keyOnPage(html: string): string {
  const key = /<code id="key">([A-Z2-7 ]+)<\/code>/.exec(html)?.[1];
  if (!key) throw new Error(`no key on the page: ${html.slice(0, 300)}`);
  return key.replace(/ /g, '');
}

/** The recovery codes listed on the page shown after set-up. */
export const recoveryCodesOnPage = (html: string): string[] => [...html.matchAll(/<li><code>([a-z0-9]{4}-[a-z0-9]{4})<\/code><\/li>/g)].map((m) => m[1]!);

/** Posts the page's first form with `fields` and follows redirects; answers the last page or the off-site location. */
async function submit(app: FastifyInstance, jar: CookieJar, html: string, fields: Record<string, string> = {}) {
  const form = formFields(html);
  return follow(app, jar, await postForm(app, jar, form.action, { ...form.fields, ...fields }));
}

/**
 * Signs in through the real pages with the password and then the second step, setting up the
 * authenticator first when the account has none (an employer admin's first sign-in). Answers what
 * `signIn` answers, with the key and, after a set-up, the recovery codes.
 */
export async function signInWithSecondStep(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  jar = returningBrowser(app, email),
): Promise<SignedInWithSecondStep> {
  const page = await passwordStep(app, jar, email, password);
  if (page.statusCode !== 200) throw new Error(`the second step answered ${page.statusCode}: ${page.body.slice(0, 300)}`);
  let recoveryCodes: string[] = [];
  let done: { res: LightMyRequestResponse; location: string | null };
  if (page.body.includes('action="/account/second-step/set-up"')) {
    rememberSecret(app, email, keyOnPage(page.body));
    const confirmed = await submit(app, jar, page.body, { code: await freshCode(app, email) });
    recoveryCodes = recoveryCodesOnPage(confirmed.res.body);
    if (recoveryCodes.length === 0) throw new Error(`set-up did not show recovery codes (${confirmed.res.statusCode}): ${confirmed.res.body.slice(0, 300)}`);
    done = await submit(app, jar, confirmed.res.body);
  } else if (page.body.includes('action="/account/second-step"')) {
    done = await submit(app, jar, page.body, { code: await freshCode(app, email) });
  } else {
    throw new Error(`no second step was asked of ${email}: ${page.body.slice(0, 300)}`);
  }
  if (!done.location?.startsWith(FRONT_END)) throw new Error(`the second step did not finish (${done.res.statusCode}): ${done.res.body.slice(0, 300)}`);
  rememberBrowser(app, email, jar);
  const me = await request(app, jar, { url: '/app/me/' });
  const { secret } = keysOf(app).get(email.toLowerCase())!;
  return { jar, sub: me.json<{ sub: string }>().sub, email, secret, recoveryCodes };
}
