import { NotUtf8, utf8Text } from './utf8-text';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('utf8Text', () => {
  it('reads UTF-8, a pound sign and an accent included', () => {
    expect(utf8Text(bytes('Zoë paid £12'))).toBe('Zoë paid £12');
  });

  it('refuses a Latin-1 byte, naming its offset and line', () => {
    // 'Zo' + Latin-1 ë (0xEB) on the second line
    const latin1 = bytes('name\nZo', [0xeb], '\n');
    expect(() => utf8Text(latin1)).toThrow(NotUtf8);
    expect(() => utf8Text(latin1)).toThrow('byte 7 (line 2) is 0xeb; save the file as UTF-8');
  });

  it.each([
    ['an overlong slash', [0xc0, 0xaf]],
    ['a surrogate half', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a sequence cut short', [0xe2, 0x82]],
  ])('refuses %s at its first byte', (_name, bad) => {
    expect(() => utf8Text(bytes('ok ', bad))).toThrow('byte 3 (line 1)');
  });
});
