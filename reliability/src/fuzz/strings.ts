// Hostile text for parameters and bodies, and how it goes into a URL: NUL and other control
// characters, lone surrogates, separators and quotes, very long strings, numbers where text goes,
// and raw URL pieces (`..`, `%2F`, broken percent-escapes) that no encoder would produce.
import fc from 'fast-check';

/** Characters that break parsers, databases, logs and pages. */
const NASTY_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\u{1f600}',
  'é',
  '%',
  '/',
  '\\',
  '"',
  "'",
  '`',
  '<',
  '>',
  '&',
  '?',
  '#',
  ';',
  '=',
  '+',
  ' ',
  '{',
  '}',
  '$',
  '*',
  '..',
];

/** Text made of hostile characters, with some ordinary text between them. */
export const nastyText = (maxLength = 24) =>
  fc
    .array(
      fc.oneof(
        { withCrossShrink: true },
        { weight: 3, arbitrary: fc.constantFrom(...NASTY_CHARACTERS) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
        { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
      ),
      {
        minLength: 1,
        maxLength,
      },
    )
    .map((parts) => parts.join(''));

/** A very long string: past every limit the API sets (64 characters for ids, 300 for a path parameter, 2000 for a redirect). */
export const longText = () =>
  fc
    .tuple(
      fc.oneof(
        { withCrossShrink: true },
        { weight: 4, arbitrary: fc.integer({ min: 65, max: 400 }) },
        { weight: 2, arbitrary: fc.integer({ min: 401, max: 5000 }) },
        { weight: 1, arbitrary: fc.constant(12_000) },
      ),
      fc.constantFrom('a', '7', 'é', '\u0000', '%', '\ud83d\ude00', 'ab-'),
    )
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** Numbers (and number-like words) where text is expected. */
export const numberLikeText = () =>
  fc.oneof(fc.integer().map(String), fc.constantFrom('0', '-1', '1e309', 'NaN', 'Infinity', '0x10', '1.5', 'null', 'true', 'undefined', '[]', '{}'));

/**
 * URL pieces sent exactly as written: dot segments, encoded slashes and backslashes, broken,
 * overlong and surrogate percent-escapes, an escaped NUL and line breaks.
 */
export const RAW_URL_PIECES = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '%5C',
  '%252F',
  '%00',
  '%0A',
  '%0D%0A',
  '%E0%A4%A',
  '%',
  '%zz',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%%',
  ';x=1',
  '%20',
  '+',
];

const percentByte = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * encodeURIComponent that also takes lone surrogates (as their WTF-8 bytes, which are not valid
 * UTF-8): every string the fuzzer makes can go into a URL.
 */
export function escapeComponent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map(percentByte).join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}
