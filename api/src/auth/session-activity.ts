// When each session was last used, for Settings' list of sessions. Every request with a live
// session may record it, but a session's row is written at most once a minute: this instance
// remembers when it last wrote each session (bounded), and the UPDATE itself skips a row written in
// the last minute by any instance.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { BoundedMap } from '../cache/bounded-map';
import { SessionRepository } from './session-repository';

export const LAST_USED_STEP_MS = 60_000;
const REMEMBERED_SESSIONS = 10_000;

export class SessionActivity {
  private readonly written = new BoundedMap<string, number>({ maxEntries: REMEMBERED_SESSIONS });
  private readonly sessions: SessionRepository;

  constructor(
    db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.sessions = new SessionRepository(db);
  }

  /** Records that the session was used now, unless it was recorded less than a minute ago. */
  async used(sessionId: string): Promise<void> {
    const now = this.now();
    const last = this.written.peek(sessionId);
    if (last !== undefined && now - last < LAST_USED_STEP_MS) return;
    this.written.set(sessionId, now);
    await this.sessions.touchSession(sessionId, new Date(now).toISOString(), new Date(now - LAST_USED_STEP_MS).toISOString());
  }
}
