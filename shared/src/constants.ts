// Business constants and limits of spec section 9, named once. Every app imports them from here.

/** Linking code: exactly 6 digits. */
export const LINKING_CODE_LENGTH = 6;
/** A pasted linking code is accepted only if it is a number in this range. */
export const LINKING_CODE_MIN = 100000;
export const LINKING_CODE_MAX = 999999;
/** The send / resend linking code button is disabled this long after each send. */
export const RESEND_LOCKOUT_SECONDS = 30;

/** Confirm-account: last digits of the bank account. */
export const BANK_ACCOUNT_DIGITS = 4;
/** Date boxes. Day and month auto-advance after DAY_MAX_LENGTH / MONTH_MAX_LENGTH characters. */
export const DAY_MAX_LENGTH = 2;
export const MONTH_MAX_LENGTH = 2;
export const YEAR_MAX_LENGTH = 4;

/** The hint under every date-of-birth question: British order, the GOV.UK way. */
export const DATE_OF_BIRTH_HINT = 'For example, 14 5 1990';

/** Finalize: a response `data` text shorter than this resets the link (decisions.md). */
export const FINALIZE_MIN_RESPONSE_LENGTH = 30;

/** Sign-in client. */
export const AUTO_REFRESH_SECONDS_BEFORE_EXPIRY = 10;
export const ACCESS_TOKEN_EXPIRY_COOKIE = '__Host-app.at_exp';
export const SIGN_IN_PATHS = {
  me: '/app/me/',
  login: '/app/login/',
  register: '/app/register/',
  logout: '/app/logout/',
  refresh: '/app/refresh/',
  account: '/account/',
} as const;
/**
 * Every sign-out ends on the landing page at this fragment ('/#signed-out'), where the page says so:
 * the fragment alone shows it (CSS :target), so the landing page needs no script for it.
 */
export const SIGNED_OUT_ANCHOR = 'signed-out';

/** Money and dates. */
export const CURRENCY = 'GBP';
export const LOCALE = 'en-GB';
/** Recent updates: only the first 10 characters of `created` (YYYY-MM-DD) are shown. */
export const UPDATE_CREATED_DATE_LENGTH = 10;

/** Payslip ring chart: two slices (deductions, net pay), no title, tooltip, credits, animation or labels. */
export const RING_CHART = {
  innerSize: '62%',
  size: 50,
  height: 56,
  colours: { deductions: '#E59AC9', netPay: '#cb3493' },
} as const;

/** Number of FAQ entries. */
export const FAQ_COUNT = 5;

/** User state: the user id used before one is known (requests fall back to it). */
export const DEFAULT_USER_ID = '0';

/** Local storage keys. */
export const STORAGE_KEYS = {
  userId: 'currentUserID',
  employmentId: 'employmentID',
  token: 'token',
  signUp: 'signUp',
  /** The employment a user chose last, kept across sign-out for the account picker. */
  lastEmploymentChoice: 'lastEmploymentChoice',
} as const;

/** Shown as the pay date before payslip data arrives. */
export const NO_PAYSLIP_DATA_TEXT = 'No payslip data to display';

/** A stored `token` other than this selects the phone channel for the linking code. */
export const PHONE_CHANNEL_NO_TOKEN = '0';

/** The token query parameter saved to local storage on load. */
export const TOKEN_QUERY_PARAM = 'token';
