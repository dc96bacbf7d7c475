// Test support for the employer console: an admin signed in with (or without) the session's second
// step. The second step itself (an authenticator code) is the sign-in's and tested with it; here it
// is set on the session's row straight after a normal sign-in.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { decodeJwt } from 'jose';
import type { Database } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { newId, nowIso } from '../db/convert';
import { DEMO_PASSWORD, signIn } from './helpers';
import type { SignedIn, TestApp } from './helpers';

export type SignedInAdmin = SignedIn & { sessionId: string };

/** The session id (`sid`) of a signed-in jar's access token. */
export function sessionIdOf(user: SignedIn): string {
  const token = user.jar.get('__Host-app.at');
  if (!token) throw new Error('not signed in');
  return String(decodeJwt(token).sid);
}

/** Signs in with a password only: a session without its second step. */
export async function signInWithoutSecondStep(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<SignedInAdmin> {
  const user = await signIn(app, email, password);
  return { ...user, sessionId: sessionIdOf(user) };
}

/** Signs in (the test app `t`), then marks the session as having passed its second step. */
export async function signInAsAdmin(t: Pick<TestApp, 'app' | 'database'>, email: string, password = DEMO_PASSWORD): Promise<SignedInAdmin> {
  const user = await signInWithoutSecondStep(t.app, email, password);
  await t.database.db.updateTable('sessions').set({ second_step_at: nowIso() }).where('id', '=', user.sessionId).execute();
  return user;
}

/** Makes an account (identity and app user) that is an admin of the employer; answers its e-mail. */
export async function makeAdmin(db: Kysely<Database>, employerId: string, email: string, names: [string, string] = ['Test', 'Admin']): Promise<string> {
  const id = newId('usr');
  const now = nowIso();
  await db
    .insertInto('identity_users')
    .values({
      id,
      email,
      password_hash: await hashPassword(DEMO_PASSWORD, 2 ** 10),
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
  await db.insertInto('employer_admins').values({ employer_id: employerId, user_id: id, created_at: now, invited_by: null }).execute();
  return email;
}
