// Registration by e-mail link. The form only starts a registration (it asks for no password); the
// account is created when the owner of the address opens the link we e-mail them and chooses the
// password there: whoever proves the address sets the password. A new registration for an address
// voids its earlier link, and each e-mail says when and from what kind of device it was asked for.
// Whether or not the address already has an account, the browser sees the same page after the same
// work, and the e-mail tells the owner: a link to finish, or "someone tried to create an account
// with your address".
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';
import { IdentityRepository, normaliseEmail } from '../identity/repository';
import { ensureAppUser } from '../users/repository';
import type { IdentityRow } from '../identity/repository';
import type { MessageService } from '../messages/transport';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../languages/language';
import { authTexts } from './auth-texts';
import { sha256 } from '../secrets';
import type { CheckedClient } from './client';
import type { Throttle } from '../throttle/throttle';
import { registrationEmailCounter } from './throttle-rules';
import { deleteExpiredRegistrations, pendingRegistrationEmail, renewRegistration, replaceRegistration, spendRegistration } from './registration-repository';

/** A registration link works once, for 30 minutes. */
export const REGISTRATION_LINK_TTL_MS = 30 * 60_000;

export type RegistrationDetails = { firstName: string; middleName: string; lastName: string; email: string; mobilePhone: string; birthDate: string };

export type Completed =
  | { outcome: 'created'; user: IdentityRow; client: { client_id: string; redirect_uri: string; state?: string } }
  | { outcome: 'expired' }
  | { outcome: 'exists' };

/**
 * Where links in e-mails point: PUBLIC_URL, else the (allow-listed) origin the browser came from.
 * Never the request's Host header, which a caller can set to their own site.
 */
export function linkBase(config: Config, client: CheckedClient): string {
  if (config.publicUrl) return config.publicUrl;
  return client.redirect_uri.startsWith('/') ? '' : new URL(client.redirect_uri).origin;
}

export class Registrations {
  private readonly identities: IdentityRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: Uint8Array,
    private readonly messages: MessageService,
    private readonly throttle: Throttle,
    private readonly log: FastifyBaseLogger,
  ) {
    this.identities = new IdentityRepository(db);
  }

  /** Run after the answer: e-mails the link, or tells an existing account's owner. */
  async start(details: RegistrationDetails, token: string, client: CheckedClient, base: string, askedFrom: string, language: Language = 'en'): Promise<void> {
    const t = authTexts(language);
    const email = normaliseEmail(details.email);
    if (await this.throttle.take([registrationEmailCounter(this.secret, email)])) {
      this.log.warn('registration e-mail not sent: too many for this address this hour');
      return;
    }
    await deleteExpiredRegistrations(this.db);
    if (await this.identities.findByEmail(email)) {
      await this.messages.send({
        channel: 'email',
        to: email,
        subject: t('existsEmailSubject'),
        body: t('existsEmailBody', { askedFrom, portal: `${base}/` }),
      });
      return;
    }
    const registration = {
      token_hash: sha256(token),
      first_name: details.firstName,
      middle_name: details.middleName || null,
      last_name: details.lastName,
      mobile_phone: details.mobilePhone || null,
      birth_date: details.birthDate || null,
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      state: client.state ?? null,
      created_at: nowIso(),
      expires_at: nowIso(REGISTRATION_LINK_TTL_MS),
    };
    // A new registration takes the place of the address's earlier link, which stops working.
    await replaceRegistration(this.db, email, registration);
    await this.sendLink(email, token, base, askedFrom, language);
  }

  /**
   * Run after the answer: e-mails a new link for the address's unfinished registration (its earlier
   * link stops working), within the same per-address limit as the first. An address with no
   * unfinished registration gets nothing, and the browser is told the same either way.
   */
  async resend(email: string, token: string, base: string, askedFrom: string, language: Language = 'en'): Promise<void> {
    const address = normaliseEmail(email);
    if (await this.throttle.take([registrationEmailCounter(this.secret, address)])) {
      this.log.warn('registration link not sent again: too many for this address this hour');
      return;
    }
    if (!(await renewRegistration(this.db, address, sha256(token), nowIso(REGISTRATION_LINK_TTL_MS)))) return;
    await this.sendLink(address, token, base, askedFrom, language);
  }

  /** The link, in the language of the page it was asked for on. */
  private async sendLink(email: string, token: string, base: string, askedFrom: string, language: Language): Promise<void> {
    const t = authTexts(language);
    await this.messages.send({
      channel: 'email',
      to: email,
      subject: t('linkEmailSubject'),
      body: t('linkEmailBody', { link: `${base}/account/verify?token=${token}`, askedFrom }),
    });
  }

  /** The address a live link is for, or null (spent, expired or unknown). */
  async pendingEmail(token: string): Promise<string | null> {
    return (await pendingRegistrationEmail(this.db, sha256(token))) ?? null;
  }

  /** Spends the link and creates the account with the password chosen on its page, in one transaction (a link works once, even twice at once). */
  complete(token: string, passwordHash: string): Promise<Completed> {
    return this.db.transaction().execute(async (trx): Promise<Completed> => {
      const row = await spendRegistration(trx, sha256(token));
      if (!row) return { outcome: 'expired' };
      const identities = new IdentityRepository(trx);
      if (await identities.findByEmail(row.email)) return { outcome: 'exists' };
      const user = await identities.create({
        email: row.email,
        passwordHash,
        firstName: row.first_name,
        middleName: row.middle_name,
        lastName: row.last_name,
        mobilePhone: row.mobile_phone,
        birthDate: row.birth_date,
      });
      await ensureAppUser(trx, user.id, user.email);
      return { outcome: 'created', user, client: { client_id: row.client_id, redirect_uri: row.redirect_uri, state: row.state ?? undefined } };
    });
  }
}
