// Test support for the employer console: an admin signed in through the real pages with the second
// step (an authenticator code, set up at the first sign-in), and an account made an admin after it
// signed in with its password alone, whose session therefore has no second step.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { decodeJwt } from 'jose';
import type { Database } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { CHEAP_PASSWORD_COST } from '../config';
import { newId, nowIso } from '../db/convert';
import { DEMO_PASSWORD, signIn } from './helpers';
import type { SignedIn, TestApp } from './helpers';
import { signInWithSecondStep } from './second-step';

export type SignedInAdmin = SignedIn & { sessionId: string };

/** The session id (`sid`) of a signed-in jar's access token. */
export function sessionIdOf(user: SignedIn): string {
  const token = user.jar.get('__Host-app.at');
  if (!token) throw new Error('not signed in');
  return String(decodeJwt(token).sid);
}

/** Signs in with a password only (an account with no second step): a session without one. */
export async function signInWithoutSecondStep(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<SignedInAdmin> {
  const user = await signIn(app, email, password);
  return { ...user, sessionId: sessionIdOf(user) };
}

/** Signs an admin in through the sign-in pages and its second step (setting up its authenticator the first time). */
export async function signInAsAdmin(t: Pick<TestApp, 'app'>, email: string, password = DEMO_PASSWORD): Promise<SignedInAdmin> {
  const user = await signInWithSecondStep(t.app, email, password);
  return { ...user, sessionId: sessionIdOf(user) };
}

/**
 * A new account, signed in with its password alone, then made an admin of the employer (as when it
 * accepts an admin invitation): its session has not passed a second step.
 */
export async function adminWithoutSecondStep(t: Pick<TestApp, 'app' | 'database'>, employerId: string, email: string): Promise<SignedInAdmin> {
  const userId = await makeAccount(t.database.db, email);
  const user = await signInWithoutSecondStep(t.app, email);
  await t.database.db.insertInto('employer_admins').values({ employer_id: employerId, user_id: userId, created_at: nowIso(), invited_by: null }).execute();
  return user;
}

/** Makes an account (identity only) with the demo password; answers its id. */
async function makeAccount(db: Kysely<Database>, email: string, names: [string, string] = ['Test', 'Admin']): Promise<string> {
  const id = newId('usr');
  const now = nowIso();
  await db
    .insertInto('identity_users')
    .values({
      id,
      email,
      password_hash: await hashPassword(DEMO_PASSWORD, CHEAP_PASSWORD_COST),
      first_name: names[0],
      middle_name: null,
      last_name: names[1],
      mobile_phone: null,
      birth_date: null,
      ni_number: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Makes an account that is an admin of the employer; answers its e-mail. */
export async function makeAdmin(db: Kysely<Database>, employerId: string, email: string, names: [string, string] = ['Test', 'Admin']): Promise<string> {
  const id = await makeAccount(db, email, names);
  await db.insertInto('employer_admins').values({ employer_id: employerId, user_id: id, created_at: nowIso(), invited_by: null }).execute();
  return email;
}
