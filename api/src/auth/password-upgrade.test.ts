// A stored hash weaker than the current cost (scrypt of before, or Argon2id with lower parameters)
// is replaced at its owner's next sign-in with the right password, on both databases; a wrong
// password replaces nothing, and the replacement ends nothing a new password ends.
import { DEMO, DEMO_PASSWORD, createTestApp, request, signIn } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { scryptHash } from '../test/scrypt-hash';
import { signInWithSecondStep } from '../test/second-step';
import { hashPassword, verifyPassword } from './passwords';
import { upgradedPasswordHash } from './password-upgrade';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CURRENT = /^\$argon2id\$v=19\$m=64,t=1,p=1\$/; // testConfig's cost

const hashOf = async (id: string) =>
  (await t.database.db.selectFrom('identity_users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
const store = (id: string, hash: string) => t.database.db.updateTable('identity_users').set({ password_hash: hash }).where('id', '=', id).execute();
const signsIn = (email: string, password: string) =>
  signIn(t.app, email, password).then(
    () => true,
    () => false,
  );

it('replaces a scrypt hash with Argon2id at the first sign-in, and the next sign-in works', async () => {
  await store(DEMO.alex.id, await scryptHash(DEMO_PASSWORD));
  const updatedAt = (await t.database.db.selectFrom('identity_users').select('updated_at').where('id', '=', DEMO.alex.id).executeTakeFirstOrThrow()).updated_at;
  const first = await signIn(t.app, DEMO.alex.email);
  const upgraded = await hashOf(DEMO.alex.id);
  expect(upgraded).toMatch(CURRENT);
  expect(await verifyPassword(DEMO_PASSWORD, upgraded)).toBe(true);
  // The same password: not a change of the account, and the session of the first sign-in lives on.
  const after = await t.database.db.selectFrom('identity_users').select('updated_at').where('id', '=', DEMO.alex.id).executeTakeFirstOrThrow();
  expect(after.updated_at).toEqual(updatedAt);
  await signIn(t.app, DEMO.alex.email);
  expect(await hashOf(DEMO.alex.id)).toBe(upgraded);
  expect((await request(t.app, first.jar, { url: '/app/me/' })).statusCode).toBe(200);
});

it('replaces nothing after a wrong password', async () => {
  const scrypt = await scryptHash(DEMO_PASSWORD);
  await store(DEMO.sam.id, scrypt);
  expect(await signsIn(DEMO.sam.email, 'not-the-password-1')).toBe(false);
  expect(await hashOf(DEMO.sam.id)).toBe(scrypt);
  expect(await signsIn(DEMO.sam.email, DEMO_PASSWORD)).toBe(true);
  expect(await hashOf(DEMO.sam.id)).toMatch(CURRENT);
});

it('replaces Argon2id with lower parameters, and leaves one at the current cost or above as it is', async () => {
  await store(DEMO.sam.id, await hashPassword(DEMO_PASSWORD, { memoryKiB: 32, passes: 1, parallelism: 1 }));
  expect(await signsIn(DEMO.sam.email, DEMO_PASSWORD)).toBe(true);
  expect(await hashOf(DEMO.sam.id)).toMatch(CURRENT);

  const stronger = await hashPassword(DEMO_PASSWORD, { memoryKiB: 128, passes: 2, parallelism: 1 });
  await store(DEMO.sam.id, stronger);
  expect(await signsIn(DEMO.sam.email, DEMO_PASSWORD)).toBe(true);
  expect(await hashOf(DEMO.sam.id)).toBe(stronger);
});

it('carries the replaced hash through the second step of an account that has one', async () => {
  await store(DEMO.priya.id, await scryptHash(DEMO_PASSWORD));
  const priya = await signInWithSecondStep(t.app, DEMO.priya.email);
  expect((await request(t.app, priya.jar, { url: '/app/me/' })).statusCode).toBe(200);
  expect(await hashOf(DEMO.priya.id)).toMatch(CURRENT);
});

describe('when the row changes while the new hash is made', () => {
  it('keeps a new password set meanwhile, and answers the hash that no longer matches', async () => {
    const scrypt = await scryptHash(DEMO_PASSWORD);
    const reset = await hashPassword('a-password-set-meanwhile', t.config.passwordCost);
    await store(DEMO.sam.id, reset);
    expect(await upgradedPasswordHash(t.database.db, { id: DEMO.sam.id, passwordHash: scrypt }, DEMO_PASSWORD, t.config.passwordCost)).toBe(scrypt);
    expect(await hashOf(DEMO.sam.id)).toBe(reset);
  });

  it('takes the hash another sign-in put there first', async () => {
    const scrypt = await scryptHash(DEMO_PASSWORD);
    const firstTab = await hashPassword(DEMO_PASSWORD, t.config.passwordCost);
    await store(DEMO.sam.id, firstTab);
    expect(await upgradedPasswordHash(t.database.db, { id: DEMO.sam.id, passwordHash: scrypt }, DEMO_PASSWORD, t.config.passwordCost)).toBe(firstTab);
    expect(await hashOf(DEMO.sam.id)).toBe(firstTab);
  });
});
