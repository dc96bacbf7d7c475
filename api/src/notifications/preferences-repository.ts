// The channels each user chose. No row yet means the defaults: e-mail on, texts and WhatsApp off.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso, toBool } from '../db/convert';

export type Preferences = { email: boolean; sms: boolean; whatsApp: boolean };

export const DEFAULT_PREFERENCES: Preferences = { email: true, sms: false, whatsApp: false };
/** WhatsApp cannot be turned on until a WhatsApp transport exists (an earlier choice is kept, never sent). */
export const WHATSAPP_AVAILABLE = false;

export async function findPreferences(db: Kysely<Database>, userId: string): Promise<Preferences> {
  const row = await db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? { email: toBool(row.email), sms: toBool(row.sms), whatsApp: toBool(row.whatsapp) } : DEFAULT_PREFERENCES;
}

export async function savePreferences(db: Kysely<Database>, userId: string, preferences: Preferences): Promise<void> {
  const values = { email: preferences.email, sms: preferences.sms, whatsapp: preferences.whatsApp, updated_at: nowIso() };
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/**
 * Saves the choices when WhatsApp may not be turned on: 'on' is kept only where it already was, in
 * the same statement that checks it, so no two saves at once can turn it on. False when refused.
 */
export async function savePreferencesKeepingWhatsApp(db: Kysely<Database>, userId: string, preferences: Preferences): Promise<boolean> {
  if (!preferences.whatsApp) {
    await savePreferences(db, userId, preferences);
    return true;
  }
  const kept = await db
    .updateTable('notification_preferences')
    .set({ email: preferences.email, sms: preferences.sms, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('whatsapp', '=', true)
    .executeTakeFirst();
  return Number(kept.numUpdatedRows) > 0;
}
