// What the account-security tests share: turning two-step sign-in on from Settings as the page does
// it (the key shown, a code from it, the recovery codes back), with codes computed as an app would.
import type { FastifyInstance } from 'fastify';
import { api, unwrap } from './helpers';
import type { SignedIn } from './helpers';
import { freshCode, rememberSecret } from './second-step';

export type TwoStepOn = { secret: string; recoveryCodes: string[] };

const twoStepPath = (user: SignedIn, ...rest: string[]) => [`/api/users/${user.sub}/two-step`, ...rest].join('/');
export { twoStepPath };

/** Turns two-step sign-in on from Settings: set-up, then the first code from the key shown. */
export async function turnOnTwoStep(app: FastifyInstance, user: SignedIn): Promise<TwoStepOn> {
  const setUp = await api(app, user, 'POST', twoStepPath(user, 'set-up'), {});
  if (setUp.statusCode !== 200) throw new Error(`set-up answered ${setUp.statusCode}: ${setUp.body}`);
  const secret = unwrap<{ key: string }>(setUp).data.key.replace(/ /g, '');
  rememberSecret(app, user.email, secret);
  const confirmed = await api(app, user, 'POST', twoStepPath(user, 'confirm'), { code: await freshCode(app, user.email) });
  if (confirmed.statusCode !== 200) throw new Error(`confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  return { secret, recoveryCodes: unwrap<{ recoveryCodes: string[] }>(confirmed).data.recoveryCodes };
}
