// Files and bodies are read as UTF-8 and nothing else: a byte that is not UTF-8 (a Latin-1 '£' or
// 'é' from an old export) is refused with where it is, instead of turning into U+FFFD in a name.

export class NotUtf8 extends Error {}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text; throws NotUtf8 naming the byte offset and line of the first bad sequence. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    const offset = firstBadByte(bytes);
    let line = 1;
    for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    throw new NotUtf8(`it is not UTF-8 text: byte ${offset} (line ${line}) is 0x${bytes[offset]!.toString(16).padStart(2, '0')}; save the file as UTF-8`);
  }
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence (RFC 3629). */
function firstBadByte(bytes: Uint8Array): number {
  const continuation = (at: number) => at < bytes.length && (bytes[at]! & 0xc0) === 0x80;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    if (!length) return i;
    for (let k = 1; k < length; k++) if (!continuation(i + k)) return i;
    // Overlong forms, surrogates and code points past U+10FFFF are refused by the decoder too.
    const second = bytes[i + 1] ?? 0;
    if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second >= 0xa0) || (lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second >= 0x90))
      return i;
    i += length;
  }
  return bytes.length - 1;
}
