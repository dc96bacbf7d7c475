// How many sign-in, second-step, registration and password-reset attempts are allowed, and which counters hold them.
// Sign-in (NIST SP 800-63B 5.2.2: at most 100 consecutive failures on one account, and a verifier
// should slow attackers down rather than lock the owner out):
// - per account AND client address, 10 failures per 15 minutes: an attacker at one address gets 10
//   guesses, then waits; the owner signing in from another address is not affected;
// - per account from all addresses, 100 failures per hour (a success clears it): only an attacker
//   spread over several addresses reaches it (one address gets at most 40 an hour), and then the
//   owner waits at most an hour;
// - per client address across accounts, 100 failures per 15 minutes: password spraying.
// E-mail addresses are counted whether or not an account exists, so a 429 tells nothing.
import { waitWords } from './auth-texts';
import net from 'node:net';
import { keyedHash } from '../secrets';
import { normaliseEmail } from '../identity/repository';
import type { Counter, Limit } from '../throttle/throttle';
import { HttpError } from '../http/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { max: 10, windowMs: 15 * MINUTE },
  perAccount: { max: 100, windowMs: HOUR },
  perAddress: { max: 100, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export const REGISTRATION_LIMITS = {
  /**
   * Registration forms accepted from one client address, by default (REGISTRATIONS_PER_ADDRESS_PER_HOUR
   * sets another: an employer whose staff all register from one office network on their first day).
   */
  perAddress: { max: 20, windowMs: HOUR },
  /** Registration e-mails sent to one address (the form must not flood someone's inbox). */
  emailsPerRecipient: { max: 3, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

export const PASSWORD_RESET_LIMITS = {
  /** 'Forgot your password?' requests from one client address. */
  perAddress: { max: 20, windowMs: HOUR },
  /** Requests for one e-mail address, account or not (the form must not flood someone's inbox). */
  perRecipient: { max: 3, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

/**
 * Second-step codes (authenticator or recovery) per account, right password already given: 5 wrong
 * codes in 15 minutes, then refused (a right code clears the count). Six digits are a million
 * guesses; at this pace a guesser needs years, and the owner waits at most 15 minutes.
 */
export const SECOND_STEP_LIMITS = { perAccount: { max: 5, windowMs: 15 * MINUTE } } as const satisfies Record<string, Limit>;

/**
 * Passkey ceremonies (auth/passkeys.ts): each keeps a challenge for five minutes, so how many may be
 * started is limited. Answers signing in are sign-in attempts: they take the per-address sign-in slot
 * (signInAddressCounter) as a password does.
 */
export const PASSKEY_LIMITS = {
  /** Sign-in and second-step challenges asked for from one client address. */
  challengesPerAddress: { max: 100, windowMs: 15 * MINUTE },
  /** Passkeys a signed-in user may start adding. */
  registrationsPerUser: { max: 20, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

/** Confirmation links a signed-in user may have sent to new email addresses (each is an e-mail to an address they typed). */
export const EMAIL_CHANGE_LIMITS = { perUser: { max: 5, windowMs: HOUR } } as const satisfies Record<string, Limit>;

/**
 * The client address as counted: IPv4 as is ('::ffff:' removed), IPv6 by its /64, since one
 * subscriber is usually given a whole /64 and could otherwise change address at will.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!net.isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const width = (part: string) => (part ? part.split(':').reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0) : 0);
  const groups =
    tail === undefined
      ? bare.split(':')
      : [...(head ? head.split(':') : []), ...Array<string>(8 - width(head) - width(tail)).fill('0'), ...(tail ? tail.split(':') : [])];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * E-mail addresses (and phone numbers) are counted by a keyed hash: the table never holds an
 * address someone typed.
 */
export const recipientKey = (secret: Uint8Array, address: string) => keyedHash(secret, `throttle:${normaliseEmail(address)}`);

export type SignInCounters = { pair: string; account: string; address: string; all: Counter[] };

export function signInCounters(secret: Uint8Array, email: string, ip: string): SignInCounters {
  const account = `sign-in:account:${recipientKey(secret, email)}`;
  const address = `sign-in:address:${addressKey(ip)}`;
  const pair = `sign-in:account+address:${recipientKey(secret, email)}:${addressKey(ip)}`;
  return {
    pair,
    account,
    address,
    all: [
      { key: pair, limit: SIGN_IN_LIMITS.perAccountAndAddress },
      { key: account, limit: SIGN_IN_LIMITS.perAccount },
      { key: address, limit: SIGN_IN_LIMITS.perAddress },
    ],
  };
}

/** `perHour`: the registrations one address may start in an hour (config.registrationsPerAddressPerHour). */
export const registrationCounter = (ip: string, perHour: number): Counter => ({
  key: `register:address:${addressKey(ip)}`,
  limit: { max: perHour, windowMs: REGISTRATION_LIMITS.perAddress.windowMs },
});

export const registrationEmailCounter = (secret: Uint8Array, email: string): Counter => ({
  key: `register:recipient:${recipientKey(secret, email)}`,
  limit: REGISTRATION_LIMITS.emailsPerRecipient,
});

/** The counters of a reset request, the client address first. Both count whether or not the address has an account, so a refusal tells nothing. */
export const passwordResetCounters = (secret: Uint8Array, email: string, ip: string): Counter[] => [
  { key: `reset:address:${addressKey(ip)}`, limit: PASSWORD_RESET_LIMITS.perAddress },
  { key: `reset:recipient:${recipientKey(secret, email)}`, limit: PASSWORD_RESET_LIMITS.perRecipient },
];

/** The per-address counter of the sign-in limits alone: a passkey's answer names no e-mail address. */
export const signInAddressCounter = (ip: string): Counter => ({ key: `sign-in:address:${addressKey(ip)}`, limit: SIGN_IN_LIMITS.perAddress });

export const passkeyChallengeCounter = (ip: string): Counter => ({
  key: `passkey-challenge:address:${addressKey(ip)}`,
  limit: PASSKEY_LIMITS.challengesPerAddress,
});

export const passkeyRegistrationCounter = (userId: string): Counter => ({ key: `passkey-register:user:${userId}`, limit: PASSKEY_LIMITS.registrationsPerUser });

export const secondStepCounter = (userId: string): Counter => ({ key: `second-step:account:${userId}`, limit: SECOND_STEP_LIMITS.perAccount });

export const emailChangeCounter = (userId: string): Counter => ({ key: `email-change:user:${userId}`, limit: EMAIL_CHANGE_LIMITS.perUser });

/** The refusal once a user's email changes are used up (Profile and the notification address alike). */
export const tooManyEmailChanges = (retryAfterMs: number): HttpError =>
  HttpError.coded(429, 'profile.too_many_email_changes', `Too many email address changes have been asked for. Wait ${waitText(retryAfterMs)}, then try again.`);

/** 'Wait 15 minutes' in plain English, rounded up (the JSON errors' words; pages word it in their language). */
export function waitText(ms: number): string {
  return waitWords('en', ms);
}
