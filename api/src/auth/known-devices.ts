// Known devices: a sign-in from a browser the account has not signed in from before e-mails the
// owner (identity/account-alerts.ts). A browser is known by a long-lived cookie (DEVICE_COOKIE,
// __Host-, HttpOnly) holding a random id that the server keeps only as a keyed hash, per account. The
// first sign-in of an account (registration) is the device it was made on: it is recorded, not alerted.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';
import { keyedHash, randomToken } from '../secrets';
import { queueAccountAlert } from '../identity/account-alerts';
import { describeDevice, deviceLine } from './device-description';
import type { AttemptOrigin } from './sign-in-history';
import { hasKnownDevice, insertKnownDevice, touchKnownDevice } from './known-device-repository';

/** The cookie lasts 400 days, the longest a browser keeps one; each sign-in sets it again. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** A device id as the cookie carries it (randomToken(): 32 bytes, base64url). */
const DEVICE_ID = /^[\w-]{43}$/;

export type RecognisedDevice = { deviceId: string; alerted: boolean };

export class KnownDevices {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokenSecret: Uint8Array,
  ) {}

  private hash(deviceId: string): string {
    return keyedHash(this.tokenSecret, `device:${deviceId}`);
  }

  /**
   * At a sign-in: the browser's device id (the cookie's, or a new one) for the cookie to carry, and
   * whether an alert was queued because the account has signed in before but never from it.
   */
  async signedIn(userId: string, cookie: string | undefined, origin: AttemptOrigin): Promise<RecognisedDevice> {
    const now = nowIso();
    const deviceId = cookie && DEVICE_ID.test(cookie) ? cookie : randomToken();
    const deviceHash = this.hash(deviceId);
    if (await touchKnownDevice(this.db, userId, deviceHash, now)) return { deviceId, alerted: false };
    return this.db.transaction().execute(async (trx) => {
      const seenBefore = await hasKnownDevice(trx, userId);
      if (!(await insertKnownDevice(trx, userId, deviceHash, now)) || !seenBefore) return { deviceId, alerted: false };
      // The browser and system apart as well, so the alert can name them in the account's language.
      const { browser, system } = describeDevice(origin.userAgent);
      await queueAccountAlert(trx, userId, 'new-device', {
        device: deviceLine(origin.userAgent),
        browser,
        system,
        ...(origin.ipAddress ? { address: origin.ipAddress } : {}),
      });
      return { deviceId, alerted: true };
    });
  }
}
