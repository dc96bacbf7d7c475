// Closing an account, as the person asks for it in Settings: what it means for them (each linked
// employer and how long it keeps their pay records), then, with their password and a second step
// (their authenticator app's code, else a code e-mailed to the sign-in address), the account and
// everything of it deleted in one transaction (erase-repository.ts). The employer's own records stay
// with the employer, linked to no one. Checks run in this order, each before the next is looked at:
// the password under the sign-in limits, then the code under its own, so neither is an oracle.
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { SecondStep } from '../auth/second-step';
import { startPasswordAttempt } from '../auth/password-attempts';
import { verifyPassword } from '../auth/passwords';
import type { TokenService } from '../auth/tokens';
import { IdentityRepository } from '../identity/repository';
import type { MessageService } from '../messages/transport';
import type { Refusal, Throttle } from '../throttle/throttle';
import { linkedEmployers } from './account-repository';
import { ClosingCodes } from './closing-codes';
import { eraseAccount } from './erase-repository';
import { closingCodeCounter } from './limits';

export type SecondStepKind = 'authenticator' | 'email';

export type ClosingFacts = {
  email: string;
  secondStep: SecondStepKind;
  employers: { name: string; retentionYears: number; endDate: string | null }[];
};

export type SendOutcome = { outcome: 'sent'; to: string } | { outcome: 'refused'; refusal: Refusal } | { outcome: 'has-authenticator' } | { outcome: 'gone' };

export type CloseOutcome =
  | { outcome: 'closed' }
  /** The account was closed meanwhile (another request closed it). */
  | { outcome: 'gone' }
  | { outcome: 'password-refused'; refusal: Refusal }
  | { outcome: 'password-wrong' }
  | { outcome: 'code-refused'; refusal: Refusal }
  | { outcome: 'code-wrong'; triesLeft: number | null }
  /** No e-mailed code is live: ask for a new one. */
  | { outcome: 'code-none' };

export type ClosingDeps = {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  tokens: TokenService;
  messages: MessageService;
  throttle: Throttle;
};

const RECOVERY_CODE = /^[a-z0-9]{4}[\s-]?[a-z0-9]{4}$/i;

export class AccountClosing {
  private readonly identities: IdentityRepository;
  private readonly secondStep: SecondStep;
  private readonly codes: ClosingCodes;

  constructor(private readonly deps: ClosingDeps) {
    this.identities = new IdentityRepository(deps.db);
    this.secondStep = new SecondStep(deps.db, deps.dialect, deps.config.tokenSecret, deps.tokens, deps.throttle);
    this.codes = new ClosingCodes(deps.db, deps.messages, deps.config.tokenSecret);
  }

  private async secondStepOf(userId: string): Promise<SecondStepKind> {
    return (await this.secondStep.hasConfirmedAuthenticator(userId)) ? 'authenticator' : 'email';
  }

  /** What closing means for this person; null when the account is gone. */
  async facts(userId: string): Promise<ClosingFacts | null> {
    const identity = await this.identities.findById(userId);
    if (!identity) return null;
    const employers = await linkedEmployers(this.deps.db, userId);
    return {
      email: identity.email,
      secondStep: await this.secondStepOf(userId),
      employers: employers.map(({ name, retentionYears, endDate }) => ({ name, retentionYears, endDate })),
    };
  }

  /** E-mails a closing code to an account without an authenticator app (a few a quarter of an hour). */
  async sendCode(userId: string): Promise<SendOutcome> {
    const identity = await this.identities.findById(userId);
    if (!identity) return { outcome: 'gone' };
    if ((await this.secondStepOf(userId)) === 'authenticator') return { outcome: 'has-authenticator' };
    const refusal = await this.deps.throttle.take([closingCodeCounter(userId)]);
    if (refusal) return { outcome: 'refused', refusal };
    await this.codes.send(identity);
    return { outcome: 'sent', to: identity.email };
  }

  /** The password, then the second step, then the account deleted: once, however many requests race. */
  async close(userId: string, password: string, code: string, clientAddress: string): Promise<CloseOutcome> {
    const identity = await this.identities.findById(userId);
    if (!identity) return { outcome: 'gone' };
    const attempt = await startPasswordAttempt(this.deps.throttle, this.deps.config.tokenSecret, identity.email, clientAddress);
    if (attempt.refused) return { outcome: 'password-refused', refusal: attempt.refused };
    if (!(await verifyPassword(password, identity.password_hash))) return { outcome: 'password-wrong' };
    await attempt.succeeded();

    const step = await this.checkSecondStep(userId, code);
    if (step) return step;

    const erased = await this.deps.db.transaction().execute((trx) => eraseAccount(trx, this.deps.dialect, userId));
    return erased ? { outcome: 'closed' } : { outcome: 'gone' };
  }

  /** Null when the second step is passed, else why not. */
  private async checkSecondStep(userId: string, code: string): Promise<CloseOutcome | null> {
    if ((await this.secondStepOf(userId)) === 'email') {
      const checked = await this.codes.check(userId, code);
      if (checked.outcome === 'passed') return null;
      return checked.outcome === 'none' ? { outcome: 'code-none' } : { outcome: 'code-wrong', triesLeft: checked.triesLeft };
    }
    const user = { userId };
    const tried = RECOVERY_CODE.test(code.trim()) ? await this.secondStep.tryRecoveryCode(user, code) : await this.secondStep.tryCode(user, code);
    switch (tried.outcome) {
      case 'passed':
        return null;
      case 'refused':
        return { outcome: 'code-refused', refusal: tried.refusal };
      default:
        return { outcome: 'code-wrong', triesLeft: null };
    }
  }
}
