// The "Asked for on … from …" line of registration e-mails.
import { askedFromLine, describeDevice } from './asked-from';

describe('describeDevice', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['curl/8.5.0', 'an unknown browser'],
    [undefined, 'an unknown browser'],
  ])('%s -> %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});

describe('askedFromLine', () => {
  it('writes the UK date and time, in winter and in summer time', () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(askedFromLine(new Date('2026-11-27T19:40:00Z'), chrome)).toBe('Asked for on Friday 27 November 2026 at 19:40 from Chrome on Windows');
    expect(askedFromLine(new Date('2026-07-03T23:05:00Z'), chrome)).toBe('Asked for on Saturday 4 July 2026 at 00:05 from Chrome on Windows');
  });
});
