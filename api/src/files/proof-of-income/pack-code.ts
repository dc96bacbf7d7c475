// The verification code printed on every page of a proof-of-income pack. 16 characters from an
// alphabet of 32 (A–Z and 2–9 without O, I, 0 and 1, which are read for one another) are 80 random
// bits: far beyond guessing at the check's limit per address. Written in four groups of four
// (ABCD-EFGH-JKLM-NPQR) to be typed from paper; the database keeps only its SHA-256, which is enough
// for a value this random and still lets a check find its pack by one indexed lookup.
import crypto from 'node:crypto';
import type { Config } from '../../config';

export const PACK_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;
const GROUP = 4;

/** A new code, grouped for reading: 'ABCD-EFGH-JKLM-NPQR'. */
export function newPackCode(): string {
  // 32 divides 256, so each byte's remainder is uniform over the alphabet.
  const chars = [...crypto.randomBytes(CODE_LENGTH)].map((byte) => PACK_CODE_ALPHABET[byte % PACK_CODE_ALPHABET.length]!);
  return Array.from({ length: CODE_LENGTH / GROUP }, (_, i) => chars.slice(i * GROUP, (i + 1) * GROUP).join('')).join('-');
}

/**
 * The code as typed, in its stored form (16 characters, no separators), or null when it cannot be
 * one: case, spaces and hyphens do not matter.
 */
export function normalisePackCode(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  if (plain.length !== CODE_LENGTH) return null;
  return [...plain].every((ch) => PACK_CODE_ALPHABET.includes(ch)) ? plain : null;
}

/** How a code is kept and looked up: SHA-256 of its normalised form. */
export function packCodeHash(code: string): string {
  const plain = normalisePackCode(code);
  if (!plain) throw new Error('Not a pack code');
  return crypto.createHash('sha256').update(`pack-code:${plain}`).digest('base64url');
}

/** The SHA-256 of a PDF's exact bytes, as kept and compared. */
export function pdfDigest(pdf: Uint8Array): string {
  return crypto.createHash('sha256').update(pdf).digest('hex');
}

/** Where a lender checks a pack: the portal's own page (the host's server passes /verify to the API). */
export const PACK_CHECK_PATH = '/verify';

/** The check's full address as printed: the portal's public origin, else (locally) the first front end's. */
export function packCheckAddress(config: Pick<Config, 'publicUrl' | 'allowedRedirectOrigins'>): string {
  const origin = config.publicUrl ?? config.allowedRedirectOrigins[0] ?? 'http://localhost:8080';
  return `${origin.replace(/\/+$/, '')}${PACK_CHECK_PATH}`;
}
