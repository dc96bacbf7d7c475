// Redirect targets an attacker might try, for the property tests of the redirect allow-list: a
// start ('/', '//', '/\', a scheme and host, nothing) followed by dots, slashes, backslashes,
// percent-encodings and host names. Dots and slashes come most often: they make the tricks.
import fc from 'fast-check';

const starts = [
  '/',
  '/',
  '/',
  '//',
  '/\\',
  '\\',
  '',
  'http://localhost:8080',
  'http://localhost:8080/',
  'https://pay.example.co.uk',
  'https://evil.example',
  'http:',
  'http:/',
  'http://localhost:8080@evil.example',
  '/%2f',
  '/%5c',
];
const tricks = ['/', '/', '\\', '.', '..', '%2e', '%2E', '%2e%2e', '.%2e'];
const others = ['%2f', '%2F', '%5c', '%5C', '%00', '%09', '@', ':', '?', '#', ' ', 'evil.example', 'localhost:8080', 'pay.example.co.uk', 'payslips'];

const piece = fc.oneof({ arbitrary: fc.constantFrom(...tricks), weight: 3 }, { arbitrary: fc.constantFrom(...others), weight: 1 });

export const redirectTargets: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...starts), fc.array(piece, { maxLength: 8 }))
  .map(([start, rest]) => start + rest.join(''));
