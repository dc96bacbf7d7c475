// The linking limits of decisions.md, named once.
export const LINKING_RULES = {
  /** A code lives 10 minutes. */
  codeTtlMs: 10 * 60_000,
  /** 5 wrong tries kill a code. */
  maxTriesPerCode: 5,
  /** At most 20 wrong codes or failed identity checks per user per hour. */
  maxFailuresPerHour: 20,
  /** A new code is refused within 30 seconds of the last request. */
  resendLockoutMs: 30_000,
  /** At most 10 code requests per user per hour (stops the portal being used to spam an inbox). */
  maxSendsPerHour: 10,
  /**
   * At most 10 codes (or "locked" notes) an hour to one e-mail address or phone number, whoever asks:
   * the per-user limit alone let each new account send its own. Found out after the answer, so a
   * refusal tells nothing: the message is simply not sent.
   */
  maxSendsPerRecipientPerHour: 10,
  /** 5 failed identity checks lock the employment record until the employer resets it. */
  maxFailedChecks: 5,
} as const;

const HOUR_MS = 3600_000;
export { HOUR_MS };
