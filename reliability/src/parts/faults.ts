// Faults: the API killed with SIGKILL in the middle of a stream of acknowledged writes (profile
// updates and linking confirmations), then restarted; every write that got a 2xx must be in the
// database and nothing may be half-written. A user signed in before the kill is still signed in
// afterwards, or asked cleanly to sign in again. (A remote stopped mid-session is proven in the
// browser by e2e/tests/federation.spec.ts.)
import { setTimeout as delay } from 'node:timers/promises';
import type { Part } from '../part.ts';
import { FIXTURE_PASSWORD, insertRecords, insertUsers } from '../fixtures.ts';
import type { FixtureRecord } from '../fixtures.ts';
import { send, signIn } from '../http-client.ts';
import type { Session } from '../http-client.ts';
import { startSystem } from '../system.ts';
import type { System } from '../system.ts';

/** Users streaming profile updates, one after another each. */
const WRITERS = 8;
/** Users each linking one employment record (ask for a code, read it, confirm, finalize). */
const LINKERS = 16;
/** Linkers start spread over this many milliseconds, so the kill finds them at every step. */
const LINKERS_SPREAD_MS = 2500;
/** The kill comes at a random moment in this window (ms after the streams start). */
const KILL_WINDOW_MS = [800, 2200] as const;
const REQUEST_TIMEOUT_MS = 10_000;

const REMOTE_DOWN_TEST = 'e2e/tests/federation.spec.ts › a remote that is down shows a panel with a retry, and the rest of the portal works';

/**
 * An answer, or `down` when the API (behind the proxy) did not answer: refused or reset, which the
 * proxy answers 502/503/504, or (@fastify/reply-from's defaults) 500 with its own error code.
 */
type Answer = { down: false; status: number; body: unknown } | { down: true; reason: string };

/** Codes @fastify/reply-from gives a 500 it makes up when the upstream refused or reset the connection. */
const PROXY_SOCKET_ERRORS = /^(ECONNRESET|UND_ERR_SOCKET|FST_REPLY_FROM_INTERNAL_SERVER_ERROR)$/;

/** Counts requests sent and not yet answered, to know how many were in flight at the kill. */
class InFlight {
  now = 0;
  async track(request: () => Promise<Answer>): Promise<Answer> {
    this.now++;
    try {
      return await request();
    } finally {
      this.now--;
    }
  }
}

async function call(base: string, session: Session, method: string, path: string, body?: unknown): Promise<Answer> {
  try {
    const init: RequestInit = { method, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
    if (body !== undefined) {
      init.headers = { 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const res = await send(base, session.jar, path, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the failure message
    }
    const proxyError = String((parsed as { code?: unknown } | null)?.code ?? '');
    if (res.status === 502 || res.status === 503 || res.status === 504 || (res.status === 500 && PROXY_SOCKET_ERRORS.test(proxyError))) {
      return { down: true, reason: `proxy answered ${res.status} ${proxyError}` };
    }
    return { down: false, status: res.status, body: parsed };
  } catch (error) {
    return { down: true, reason: (error as Error).cause ? String((error as Error).cause) : String(error) };
  }
}

const ok = (a: Answer): boolean => !a.down && a.status >= 200 && a.status < 300;
const describe = (a: Answer) => (a.down ? `no answer (${a.reason})` : `${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);

/** The kill, as the streams see it: when it happened and a promise kept once the API is back. */
class Outage {
  killedAt: number | null = null;
  private backUp!: () => void;
  readonly restarted = new Promise<void>((resolve) => (this.backUp = resolve));
  begin(): void {
    this.killedAt = Date.now();
  }
  end(): void {
    this.backUp();
  }
  /** An answer from a dead API is expected only after the kill; then it waits for the restart. */
  async survive(what: string, answer: Answer): Promise<void> {
    if (this.killedAt === null) throw new Error(`${what} got ${describe(answer)} before the kill`);
    await this.restarted;
  }
}

type WriterLog = { sub: string; acknowledged: number; lastSent: number };

/** PATCH /api/user/{sub} with Writer-<n>, n = 1, 2, … until the first request the dead API does not answer. */
async function writer(system: System, session: Session, inFlight: InFlight, outage: Outage): Promise<WriterLog> {
  const log: WriterLog = { sub: session.sub, acknowledged: 0, lastSent: 0 };
  for (let n = 1; ; n++) {
    log.lastSent = n;
    // Two fields in one write: finding one without the other would be a half-written update.
    const answer = await inFlight.track(() =>
      call(system.proxy.url, session, 'PATCH', `/api/user/${session.sub}`, { user: { firstName: `Stream-${n}`, lastName: `Writer-${n}` } }),
    );
    if (ok(answer)) {
      log.acknowledged = n;
      continue;
    }
    if (!answer.down) throw new Error(`profile update ${n} of ${session.sub} answered ${describe(answer)}`);
    await outage.survive(`profile update ${n} of ${session.sub}`, answer);
    return log;
  }
}

type LinkerLog = { sub: string; recordId: string; acknowledged: boolean; interrupted: boolean; codeNeverCame: boolean; finalizeStatuses: (number | 'none')[] };

/** Asks `step` again after the restart when the dead API did not answer it (at most 3 times). */
async function persist(what: string, outage: Outage, log: LinkerLog, step: () => Promise<Answer>): Promise<Extract<Answer, { down: false }>> {
  for (let attempt = 1; ; attempt++) {
    const answer = await step();
    if (!answer.down) return answer;
    log.interrupted = true;
    if (attempt === 3) throw new Error(`${what}: no answer 3 times, even after the restart (${answer.reason})`);
    await outage.survive(what, answer);
  }
}

/** The code e-mailed for the record, read from the API's outbox (direct: the proxy does not serve /dev). */
async function readCode(system: System, email: string, outage: Outage, log: LinkerLog): Promise<string | null> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${system.apis[0]!.url}/dev/outbox.json?to=${encodeURIComponent(email)}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const messages = (await res.json()) as { code: string | null }[];
      const code = messages.find((m) => m.code)?.code;
      if (code) return code;
      // The outbox waits for the sends in progress: no code now means none is coming (unless the
      // API was killed between its answer and the send, which is what this tells).
      if (outage.killedAt === null || Date.now() - outage.killedAt > 1000) return null;
    } catch {
      log.interrupted = true;
      await outage.restarted;
    }
    await delay(100);
  }
  return null;
}

async function linker(system: System, session: Session, record: FixtureRecord, startAfterMs: number, inFlight: InFlight, outage: Outage): Promise<LinkerLog> {
  const log: LinkerLog = { sub: session.sub, recordId: record.id, acknowledged: false, interrupted: false, codeNeverCame: false, finalizeStatuses: [] };
  await delay(startAfterMs);
  const api = (method: string, path: string, body?: unknown) => () =>
    inFlight.track(() => call(system.proxy.url, session, method, `/api/users/${session.sub}${path}`, body));
  const asked = await persist(`code request of ${session.sub}`, outage, log, api('GET', `/linking_code_email/${encodeURIComponent(record.contactEmail)}`));
  // 429 after the restart: the first request was recorded before the kill (30 s between requests).
  if (!ok(asked) && !(log.interrupted && asked.status === 429)) throw new Error(`code request of ${session.sub} answered ${describe(asked)}`);
  const code = await readCode(system, record.contactEmail, outage, log);
  if (!code) {
    log.codeNeverCame = true;
    return log;
  }
  const confirmed = await persist(`confirm of ${session.sub}`, outage, log, api('GET', `/linking_code/${code}`));
  if (!ok(confirmed)) throw new Error(`confirm of ${session.sub} answered ${describe(confirmed)}`);
  const body = { NINumber: record.niNumber, bankAccount: record.bankLast4, dob: record.dobUs, externalEmploymentID: record.id, code };
  const finalized = await persist(`finalize of ${session.sub}`, outage, log, async () => {
    const answer = await api('POST', `/linking_code/${code}`, body)();
    log.finalizeStatuses.push(answer.down ? 'none' : answer.status);
    return answer;
  });
  log.acknowledged = ok(finalized);
  // A finalize asked again after the restart may find its code spent by the first one (400): the
  // database tells whether that first one linked the record.
  if (!log.acknowledged && !(log.interrupted && finalized.status === 400)) throw new Error(`finalize of ${session.sub} answered ${describe(finalized)}`);
  return log;
}

type SessionAfterRestart = { authorised: number; me: number; refresh: number };

/** A signed-in user after the restart: 200, or a clean 401/400 `{ status, error }`; never a 5xx. */
async function sessionAfterRestart(system: System, session: Session): Promise<SessionAfterRestart> {
  const clean = async (what: string, res: Response, allowed: number[]) => {
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${what} after the restart answered ${res.status}: ${text.slice(0, 200)}`);
    if (!allowed.includes(res.status))
      throw new Error(`${what} after the restart answered ${res.status} (expected ${allowed.join(' or ')}): ${text.slice(0, 200)}`);
    if (res.status !== 200) {
      const body = JSON.parse(text) as { status?: unknown; error?: unknown };
      if (body.status !== res.status || typeof body.error !== 'string')
        throw new Error(`${what} after the restart answered ${res.status} without { status, error }: ${text.slice(0, 200)}`);
    }
    return res.status;
  };
  const base = system.proxy.url;
  const authorised = await clean('GET /api/users/authorised', await send(base, session.jar, '/api/users/authorised'), [200, 401]);
  const me = await clean('GET /app/me/', await send(base, session.jar, '/app/me/'), [200, 401]);
  const refresh = await clean(
    'POST /app/refresh/',
    await send(base, session.jar, '/app/refresh/?client_id=portal-web', { method: 'POST', headers: { 'content-type': 'text/plain' } }),
    [200, 400],
  );
  if (refresh === 200) await clean('GET /api/users/authorised (refreshed)', await send(base, session.jar, '/api/users/authorised'), [200]);
  return { authorised, me, refresh };
}

type Row = Record<string, unknown>;

/** Reads what the database holds after the restart and checks every acknowledged write against it. */
async function check(system: System, writers: WriterLog[], linkers: LinkerLog[]) {
  const { database } = system;
  const profiles = await database.query<Row>(`select id, first_name, last_name from identity_users where id like 'faults-writer-%'`);
  let found = 0;
  let lost = 0;
  let halfWritten = 0;
  let committedUnanswered = 0;
  for (const w of writers) {
    const row = profiles.find((r) => r.id === w.sub);
    const n = Number(/^Writer-(\d+)$/.exec(String(row?.last_name))?.[1] ?? 0);
    if (row && row.first_name !== `Stream-${n}`) halfWritten++;
    // Each writer waits for one answer before the next write: holding write n means 1…n all happened.
    found += Math.min(n, w.acknowledged);
    lost += Math.max(0, w.acknowledged - n);
    if (n > w.acknowledged) committedUnanswered++;
    if (n > w.lastSent) throw new Error(`${w.sub} holds Writer-${n}, never sent (last sent ${w.lastSent})`);
  }

  const records = await database.query<Row>(`select id, user_id, linked_at, failed_checks, locked_at from employments where id like 'em_faults_%'`);
  const codes = await database.query<Row>(`select employment_id, user_id, used_at from linking_codes where employment_id like 'em_faults_%'`);
  let linked = 0;
  let linkLost = 0;
  let linkHalf = 0;
  const problems: string[] = [];
  for (const l of linkers) {
    const record = records.find((r) => r.id === l.recordId)!;
    const mine = codes.filter((c) => c.employment_id === l.recordId);
    const spent = mine.filter((c) => c.used_at !== null).length;
    const isLinked = record.user_id !== null;
    if (isLinked) linked++;
    // Whole: linked, linked_at set and every code of the record spent; or not linked and no code spent.
    const whole = isLinked
      ? record.user_id === l.sub && record.linked_at !== null && spent === mine.length && spent > 0
      : record.linked_at === null && spent === 0;
    if (!whole) {
      linkHalf++;
      problems.push(`${l.recordId}: user ${String(record.user_id)}, linked_at ${String(record.linked_at)}, codes spent ${spent}/${mine.length}`);
    }
    if (Number(record.failed_checks) !== 0 || record.locked_at !== null) problems.push(`${l.recordId}: ${String(record.failed_checks)} failed checks`);
    if (l.acknowledged && record.user_id !== l.sub) {
      linkLost++;
      problems.push(`${l.recordId}: finalize acknowledged, record not linked to ${l.sub}`);
    }
  }
  return {
    writes: { acknowledged: writers.reduce((n, w) => n + w.acknowledged, 0), found, lost, halfWritten, committedWithoutAnswer: committedUnanswered },
    linkings: {
      users: linkers.length,
      acknowledged: linkers.filter((l) => l.acknowledged).length,
      linked,
      lost: linkLost,
      halfWritten: linkHalf,
      interruptedByTheKill: linkers.filter((l) => l.interrupted).length,
      linkedWithoutAnswer: linkers.filter((l) => !l.acknowledged && records.find((r) => r.id === l.recordId)?.user_id === l.sub).length,
      codeNeverCame: linkers.filter((l) => l.codeNeverCame).length,
    },
    problems,
  };
}

async function run(database: 'sqlite' | 'postgresql') {
  const system = await startSystem(database);
  try {
    const writerUsers = await insertUsers(system.database, 'faults-writer', WRITERS);
    const linkerUsers = await insertUsers(system.database, 'faults-linker', LINKERS);
    const records = await insertRecords(
      system.database,
      'faults',
      linkerUsers.map(() => null),
    );
    const signInAll = (users: { email: string }[]) => Promise.all(users.map((u) => signIn(system.proxy.url, u.email, FIXTURE_PASSWORD)));
    const writerSessions = await signInAll(writerUsers);
    const linkerSessions = await signInAll(linkerUsers);
    const resident = await signIn(system.proxy.url, 'alex.morgan@example.com', 'Payslips-2026');

    const inFlight = new InFlight();
    const outage = new Outage();
    const writing = Promise.all(writerSessions.map((s) => writer(system, s, inFlight, outage)));
    const linking = Promise.all(linkerSessions.map((s, i) => linker(system, s, records[i]!, Math.round((i / LINKERS) * LINKERS_SPREAD_MS), inFlight, outage)));
    // Failures of the streams surface at the awaits below; keep them from being unhandled meanwhile.
    writing.catch(() => undefined);
    linking.catch(() => undefined);

    const killAfterMs = KILL_WINDOW_MS[0] + Math.round(Math.random() * (KILL_WINDOW_MS[1] - KILL_WINDOW_MS[0]));
    await delay(killAfterMs);
    outage.begin();
    const inFlightAtKill = inFlight.now;
    await system.apis[0]!.kill('SIGKILL');
    const restartStarted = Date.now();
    await system.apis[0]!.restart();
    const restartMs = Date.now() - restartStarted;
    outage.end();

    const writers = await writing;
    const linkers = await linking;
    const session = await sessionAfterRestart(system, resident);
    const result = await check(system, writers, linkers);
    const figures = {
      killAfterMs,
      requestsInFlightAtKill: inFlightAtKill,
      restartMs,
      writes: result.writes,
      linkings: result.linkings,
      sessionAfterRestart: session,
      remoteDown: `proven in the browser: ${REMOTE_DOWN_TEST}`,
    };
    if (result.writes.lost || result.writes.halfWritten || result.linkings.lost || result.linkings.halfWritten || result.problems.length) {
      throw new Error(`after the kill: ${JSON.stringify(figures)}\n${result.problems.join('\n')}`);
    }
    return { passed: true, figures };
  } catch (error) {
    const output = system.apis[0]!.output.join('').slice(-2000);
    throw new Error(`${(error as Error).message}\n--- API output ---\n${output}`, { cause: error });
  } finally {
    await system.stop();
  }
}

type FaultFigures = {
  killAfterMs: number;
  requestsInFlightAtKill: number;
  restartMs: number;
  writes: { acknowledged: number; found: number; lost: number; halfWritten: number; committedWithoutAnswer: number };
  linkings: {
    users: number;
    acknowledged: number;
    linked: number;
    lost: number;
    halfWritten: number;
    interruptedByTheKill: number;
    linkedWithoutAnswer: number;
    codeNeverCame: number;
  };
  sessionAfterRestart: SessionAfterRestart;
};

export const faults: Part = {
  name: 'faults',
  title: 'Faults: the API killed mid-write, restarted mid-session, a remote down',
  claim: `kill -9 of the API in the middle of a stream of acknowledged profile updates (${WRITERS} users) and linkings (${LINKERS} users: code by e-mail, confirm, finalize), then a restart: every write that got a 2xx is in the database, none is half-written, and every record is linked with its code spent or not linked with no code spent. A user signed in before the kill is still signed in after the restart, or gets a clean 401/400 \`{ status, error }\`, never a 5xx. A remote stopped mid-session leaves the others working: proven in the browser by ${REMOTE_DOWN_TEST}.`,
  run,
  render(records) {
    const lines = [
      '| database | kill after | in flight at the kill | restart | writes acknowledged / found / lost / half | committed, answer lost | linkings acknowledged / linked / lost / half | interrupted by the kill | code never sent (kill between answer and send) | session after restart (authorised, me, refresh) |',
      '|---|---|---|---|---|---|---|---|---|---|',
    ];
    for (const record of records) {
      if (record.figures.error) {
        lines.push(`| ${record.database} | failed: ${String(record.figures.error).split('\n')[0]} | | | | | | | | |`);
        continue;
      }
      const f = record.figures as unknown as FaultFigures;
      const w = f.writes;
      const l = f.linkings;
      const s = f.sessionAfterRestart;
      lines.push(
        `| ${record.database} | ${f.killAfterMs} ms | ${f.requestsInFlightAtKill} | ${f.restartMs} ms | ${w.acknowledged} / ${w.found} / **${w.lost}** / ${w.halfWritten} | ${w.committedWithoutAnswer} | ${l.acknowledged} / ${l.linked} / **${l.lost}** / ${l.halfWritten} | ${l.interruptedByTheKill} (${l.linkedWithoutAnswer} linked without an answer) | ${l.codeNeverCame} | ${s.authorised}, ${s.me}, ${s.refresh} |`,
      );
    }
    return lines;
  },
};
