// Password hashes: Argon2id in PHC strings at OWASP's cost, scrypt hashes of before still verified,
// and which stored hashes a sign-in replaces.
import { CHEAP_PASSWORD_COST, DEFAULT_PASSWORD_COST } from '../config';
import { scryptHash } from '../test/scrypt-hash';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords';

const PASSWORD = 'correct horse battery staple';
/** A hash of PASSWORD as the API stored it with scrypt (N 2^10, salt "0123456789abcdef"). */
const SCRYPT_OF_BEFORE = 'scrypt$1024$8$1$MDEyMzQ1Njc4OWFiY2RlZg$7AnzIswxwEinpwz-ntydndYfVHPvOACmX9Vvo8hO1qM';
/** The reference implementation's own test vector (P-H-C/phc-winner-argon2, src/test.c): "password", salt "somesalt". */
const REFERENCE_VECTOR = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';

describe('password hashes', () => {
  it('are Argon2id PHC strings at OWASP’s 19 MiB, 2 passes, 1 lane by default', async () => {
    expect(DEFAULT_PASSWORD_COST).toEqual({ memoryKiB: 19_456, passes: 2, parallelism: 1 });
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}r`, hash)).toBe(false);
  });

  it('salt every hash afresh', async () => {
    expect(await hashPassword(PASSWORD, CHEAP_PASSWORD_COST)).not.toBe(await hashPassword(PASSWORD, CHEAP_PASSWORD_COST));
  });

  it('verify the form other Argon2 implementations write', async () => {
    expect(await verifyPassword('password', REFERENCE_VECTOR)).toBe(true);
    expect(await verifyPassword('Password', REFERENCE_VECTOR)).toBe(false);
  });

  it('verify at the cost each hash records', async () => {
    const cheap = await hashPassword(PASSWORD, CHEAP_PASSWORD_COST);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(PASSWORD, cheap)).toBe(true);
    expect(await verifyPassword('another one', cheap)).toBe(false);
  });

  it('still verify the scrypt hashes of before', async () => {
    expect(await verifyPassword(PASSWORD, SCRYPT_OF_BEFORE)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', SCRYPT_OF_BEFORE)).toBe(false);
    expect(await verifyPassword('a-test-password', await scryptHash('a-test-password'))).toBe(true);
  });

  it('compare passwords as the same text however they were composed (NFKC)', async () => {
    const hash = await hashPassword('ﬁle-cabinet-2026', CHEAP_PASSWORD_COST);
    expect(await verifyPassword('file-cabinet-2026', hash)).toBe(true);
  });

  it.each([
    ['not a hash', 'not-a-hash'],
    ['an empty string', ''],
    ['another Argon2 version', REFERENCE_VECTOR.replace('v=19', 'v=16')],
    ['Argon2i', REFERENCE_VECTOR.replace('argon2id', 'argon2i')],
    ['no salt', '$argon2id$v=19$m=64,t=1,p=1$$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc'],
    ['a cost of zero', REFERENCE_VECTOR.replace('t=2', 't=0')],
    ['a salt too short', REFERENCE_VECTOR.replace('c29tZXNhbHQ', 'c29tZQ')],
    ['a hash too short', '$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$AAA'],
    ['less memory than its lanes need', REFERENCE_VECTOR.replace('m=65536', 'm=4')],
    ['scrypt without its key', 'scrypt$1024$8$1$MDEyMzQ1Njc4OWFiY2RlZg$'],
  ])('match nothing for %s', async (_, stored) => {
    expect(await verifyPassword('password', stored)).toBe(false);
  });
});

describe('which stored hashes a sign-in replaces', () => {
  const current = { memoryKiB: 1024, passes: 2, parallelism: 1 };
  it('every scrypt hash', () => {
    expect(needsRehash(SCRYPT_OF_BEFORE, current)).toBe(true);
  });
  it('Argon2id with less memory or fewer passes', async () => {
    expect(needsRehash(await hashPassword(PASSWORD, { ...current, memoryKiB: 512 }), current)).toBe(true);
    expect(needsRehash(await hashPassword(PASSWORD, { ...current, passes: 1 }), current)).toBe(true);
  });
  it('not Argon2id at the current cost or above it', async () => {
    expect(needsRehash(await hashPassword(PASSWORD, current), current)).toBe(false);
    expect(needsRehash(await hashPassword(PASSWORD, { ...current, memoryKiB: 2048, passes: 3 }), current)).toBe(false);
  });
  it('the demo seed’s hashes at the production cost: none', async () => {
    expect(needsRehash(await hashPassword(PASSWORD))).toBe(false);
  });
});

describe('the hash unknown e-mails are checked against', () => {
  it('is Argon2id at the current cost, made once', async () => {
    const dummy = await dummyPasswordHash(CHEAP_PASSWORD_COST);
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await dummyPasswordHash(CHEAP_PASSWORD_COST)).toBe(dummy);
    expect(await dummyPasswordHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
