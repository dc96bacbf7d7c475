// Whose offline copy this browser may keep and show, and until when (docs/architecture.md "Offline").
// The copy belongs to one session: the user and the ends /app/me/ named when the worker last saw it
// answer (the idle end moved on by each refresh the worker sees, and the absolute end 30 days after
// sign-in). It is shown only while that session lasts, and never after a sign-out: the page and
// the worker record a sign-out here (Cache Storage, which both share) before deleting the copy, and
// every write checks the record before and after it, so an answer still on its way when the user
// signed out is dropped instead of bringing their cache back.
import { CACHE_LIMITS, entriesOverLimit, ownerOfAnswer, userCacheName, userCachesToDelete } from './cache-rules';

/** The worker's notes on the session (not a user cache: it holds no pay data). */
export const OFFLINE_SESSION_CACHE = 'portal-offline-session-v1';
const SESSION_KEY = '/__portal-offline/session';
const SIGNED_OUT_KEY = '/__portal-offline/signed-out';

/** The session an offline copy belongs to. */
export type OfflineSession = {
  userId: string;
  /** The session's absolute end (/app/me/ `session_ends_at`), epoch ms: no copy is shown after it. */
  endsAtMs: number;
  /**
   * When it ends unless refreshed (`session_expires_at` of /app/me/ and of each refresh), epoch ms:
   * past it, the session's cookies are gone and so is the copy.
   */
  expiresAtMs: number;
  /** When the /app/me/ that named it was asked, epoch ms: a sign-out recorded later ends it. */
  askedAtMs: number;
};

/** A request as the worker starts it: when, and for which session (none: nothing of it is kept). */
export type Asked = { atMs: number; session: OfflineSession | null };

/** The session /app/me/'s claims name, or null when they do not (an older API, a broken answer). */
export function sessionFromClaims(claims: unknown, askedAtMs: number): OfflineSession | null {
  if (typeof claims !== 'object' || claims === null) return null;
  const { sub, session_ends_at: endsAt, session_expires_at: expiresAt } = claims as Record<string, unknown>;
  if (typeof sub !== 'string' || sub === '' || !isEpoch(endsAt) || !isEpoch(expiresAt)) return null;
  return { userId: sub, endsAtMs: endsAt * 1000, expiresAtMs: expiresAt * 1000, askedAtMs };
}

const isEpoch = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** True when `session` may still have a copy kept and shown at `nowMs`. */
export function isLive(session: OfflineSession | null, signedOutAtMs: number, nowMs: number): session is OfflineSession {
  return session !== null && session.askedAtMs > signedOutAtMs && nowMs < Math.min(session.endsAtMs, session.expiresAtMs);
}

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });

async function readJson<T>(cache: Cache, key: string): Promise<T | null> {
  const stored = await cache.match(key);
  if (!stored) return null;
  try {
    return (await stored.json()) as T;
  } catch {
    return null;
  }
}

async function deleteUserCaches(storage: CacheStorage, keepUserId: string | null): Promise<void> {
  const names = await storage.keys();
  await Promise.all(userCachesToDelete(names, keepUserId).map((name) => storage.delete(name)));
}

/**
 * Signed out, or the server said the session is over: the sign-out is noted first (a write checks
 * it after writing), then every user's copy goes. The page's sign-out uses this alone.
 */
export async function forgetOfflineCopy(storage: CacheStorage, nowMs: number): Promise<void> {
  const notes = await storage.open(OFFLINE_SESSION_CACHE);
  await notes.put(SIGNED_OUT_KEY, json(nowMs));
  await notes.delete(SESSION_KEY);
  await deleteUserCaches(storage, null);
}

type Notes = { session: OfflineSession | null; signedOutAt: number };

/** An answer that came before /app/me/ named the session (a page's first requests race it). */
type HeldAnswer = { asked: Asked; key: Request | string; response: Response };

/** How many such answers wait, and for how long, for the session to be named. */
export const HELD_ANSWERS = { maxEntries: 30, maxAgeMs: 60_000 } as const;

/** The worker's side: what it may keep and show, for which session. */
export class OfflineCopy {
  /** The notes are read and written one at a time: a note read while another replaces it could come back empty. */
  private queue: Promise<unknown> = Promise.resolve();
  /** In memory only: answers asked before any session was noted, kept once /app/me/ names their owner. */
  private held: HeldAnswer[] = [];

  constructor(
    private readonly storage: CacheStorage,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private exclusive<T>(work: (notes: Cache) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => work(await this.storage.open(OFFLINE_SESSION_CACHE)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private readNotes(): Promise<Notes> {
    return this.exclusive(async (notes) => ({
      session: await readJson<OfflineSession>(notes, SESSION_KEY),
      signedOutAt: (await readJson<number>(notes, SIGNED_OUT_KEY)) ?? 0,
    }));
  }

  /** The session whose copy may be kept and shown now, or null. A session past its end is forgotten. */
  async liveSession(): Promise<OfflineSession | null> {
    const { session, signedOutAt } = await this.readNotes();
    if (isLive(session, signedOutAt, this.now())) return session;
    if (session) await this.forget();
    return null;
  }

  /** Noted as a request starts: its answer may be kept only for this session, and only if no sign-out comes first. */
  async ask(): Promise<Asked> {
    const atMs = this.now();
    return { atMs, session: await this.liveSession() };
  }

  /**
   * /app/me/ answered (asked at `askedAtMs`): its user's session is the one whose copy is kept, and
   * every other user's copy goes. Null, and nothing noted, when a sign-out came after it was asked.
   */
  async recordSession(claims: unknown, askedAtMs: number): Promise<OfflineSession | null> {
    const session = sessionFromClaims(claims, askedAtMs);
    const noted = await this.exclusive(async (notes) => {
      const signedOutAt = (await readJson<number>(notes, SIGNED_OUT_KEY)) ?? 0;
      if (!isLive(session, signedOutAt, this.now())) return null;
      await notes.put(SESSION_KEY, json(session));
      return session;
    });
    if (noted) {
      await deleteUserCaches(this.storage, noted.userId);
      await this.keepHeldAnswers(noted);
    }
    return noted;
  }

  /**
   * The answers held for want of a session go into `session`'s copy when each is that user's own
   * (the user its path or body names, ownerOfAnswer) and was asked after the last sign-out, within
   * HELD_ANSWERS.maxAgeMs; the rest are dropped.
   */
  private async keepHeldAnswers(session: OfflineSession): Promise<void> {
    const held = this.held;
    this.held = [];
    const oldest = this.now() - HELD_ANSWERS.maxAgeMs;
    for (const answer of held) if (answer.asked.atMs >= oldest) await this.keepIfOwn(session, answer);
  }

  /** Keeps an answer asked with no session in `session`'s copy when it is that user's own (ownerOfAnswer). */
  private async keepIfOwn(session: OfflineSession, { asked, key, response }: HeldAnswer): Promise<void> {
    const url = typeof key === 'string' ? key : key.url;
    // Only /api/users/authorised names its user in the body alone: no other body (a PDF) is read.
    const body = ownerOfAnswer(url, null)
      ? null
      : await response
          .clone()
          .json()
          .catch(() => null);
    if (ownerOfAnswer(url, body) === session.userId) await this.keep({ atMs: asked.atMs, session }, key, response);
  }

  /**
   * A refresh (asked at `askedAtMs`) moved the session's idle end on: so does the note, if no sign-out
   * came since it was asked. Never past the absolute end.
   */
  async recordRefresh(answer: unknown, askedAtMs: number): Promise<void> {
    const expiresAt = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>).session_expires_at : undefined;
    if (!isEpoch(expiresAt)) return;
    await this.exclusive(async (notes) => {
      const session = await readJson<OfflineSession>(notes, SESSION_KEY);
      const signedOutAt = (await readJson<number>(notes, SIGNED_OUT_KEY)) ?? 0;
      if (!isLive(session, signedOutAt, this.now()) || askedAtMs <= signedOutAt) return;
      await notes.put(SESSION_KEY, json({ ...session, expiresAtMs: Math.min(expiresAt * 1000, session.endsAtMs) }));
    });
  }

  /** The session is over: see forgetOfflineCopy. */
  async forget(): Promise<void> {
    this.held = [];
    await this.exclusive(() => forgetOfflineCopy(this.storage, this.now()));
  }

  /**
   * Whether the answer to a request may stay in its user's copy: no sign-out since it was asked, and
   * no other user's session noted since. (Past the session's end, `liveSession` forgets it all.)
   */
  private async mayStay(asked: Asked): Promise<boolean> {
    const { session, signedOutAt } = await this.readNotes();
    return asked.atMs > signedOutAt && (session === null || session.userId === asked.session?.userId);
  }

  /**
   * Keeps an answer in the user's copy, then trims the copy to its limit. The check after the write
   * catches a sign-out that came while writing: the cache the write may have brought back is deleted.
   */
  async keep(asked: Asked, key: Request | string, response: Response): Promise<void> {
    if (!asked.session) {
      // Asked before any session was noted: once one is (/app/me/ answered first), it is kept now if
      // it is that user's own; else it waits for /app/me/ to name one.
      const live = await this.liveSession();
      if (live) await this.keepIfOwn(live, { asked, key, response });
      else this.held = [...this.held, { asked, key, response }].slice(-HELD_ANSWERS.maxEntries);
      return;
    }
    if ((await this.liveSession())?.userId !== asked.session.userId || !(await this.mayStay(asked))) return;
    const name = userCacheName(asked.session.userId);
    const cache = await this.storage.open(name);
    await cache.put(key, response);
    await Promise.all(entriesOverLimit(await cache.keys(), CACHE_LIMITS.userData.maxEntries).map((old) => cache.delete(old)));
    if (!(await this.mayStay(asked))) await this.storage.delete(name);
  }

  /** The live session's copy of `key`, or undefined. Never opens (so never makes) a cache that is not there. */
  async copyOf(key: Request | string): Promise<Response | undefined> {
    const session = await this.liveSession();
    if (!session) return undefined;
    const name = userCacheName(session.userId);
    if (!(await this.storage.has(name))) return undefined;
    return (await this.storage.open(name)).match(key, { ignoreVary: true });
  }

  /** With no live session, no user's copy stays (a copy left by an older worker, or from before a sign-out). */
  async tidy(): Promise<void> {
    const session = await this.liveSession();
    await deleteUserCaches(this.storage, session?.userId ?? null);
  }
}
