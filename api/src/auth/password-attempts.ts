// A password checked under the sign-in limits (sign-in, and the account page's password change): a
// slot from each counter is taken before the password is looked at, so parallel guesses cannot pass
// the limit; a right password ends the owner's run of failures and gives the address its slot back.
import type { Refusal, Throttle } from '../throttle/throttle';
import { signInCounters } from './throttle-rules';

export type PasswordAttempt = {
  /** Set when a limit is reached: the password must not be checked. */
  refused: Refusal | null;
  /** Call when the password was right. */
  succeeded(): Promise<void>;
};

export async function startPasswordAttempt(throttle: Throttle, secret: Uint8Array, email: string, ip: string): Promise<PasswordAttempt> {
  const counters = signInCounters(secret, email, ip);
  const refused = await throttle.take(counters.all);
  return {
    refused,
    async succeeded() {
      await throttle.clear([counters.pair, counters.account]);
      await throttle.giveBack(counters.address);
    },
  };
}
