// The words of the e-mails about an account (alerts, address changes), in English or Welsh
// (messages/en.json and messages/cy.json), and the language each account chose to be written to in.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { serverCatalog } from '../languages/catalog';
import type { Language } from '../languages/language';
import { findAppUser } from '../users/repository';
import cy from './messages/cy.json';
import en from './messages/en.json';

export const identityTexts = serverCatalog<keyof typeof en>({ en, cy });

/** The language the account chose, to write its e-mails in (English until it chooses). */
export async function accountLanguage(db: Kysely<Database>, userId: string): Promise<Language> {
  return (await findAppUser(db, userId))?.language ?? 'en';
}
