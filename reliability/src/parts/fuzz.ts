// Property-based fuzzing (fast-check) of every route of the running API's OpenAPI document, half
// straight to the API and half through the host's proxy, signed in as a demo user or signed out:
// params, queries and bodies that follow the schema and that break it. No answer may be a 5xx, and
// every 4xx is `{ status, error }` (fuzz/invariants.ts). The seed is fixed and printed; the smallest
// failing request of each kind is found by fast-check's shrinking and printed with a replay line.
//   RELIABILITY_FUZZ_REQUESTS  requests per database (default 10000)
//   RELIABILITY_FUZZ_SEED      the seed (default below): the same seed draws the same requests
//   RELIABILITY_FUZZ_REPLAY    a fast-check path printed by a failure ('417:3:0'): sends that request only
import fc from 'fast-check';
import type { Part } from '../part.ts';
import { readForm, send as sendAsBrowser, signIn } from '../http-client.ts';
import type { Session } from '../http-client.ts';
import { startSystem } from '../system.ts';
import type { DatabaseKind, System, TestDatabase } from '../system.ts';
import { readOperations } from '../fuzz/openapi.ts';
import type { OpenApiDocument } from '../fuzz/openapi.ts';
import { requestArbitrary } from '../fuzz/requests.ts';
import type { FuzzRequest } from '../fuzz/requests.ts';
import { demoSamples } from '../fuzz/samples.ts';
import { closeConnections, curlCommand, describe, send } from '../fuzz/transport.ts';
import type { Answer, Target } from '../fuzz/transport.ts';
import { errorShapeProblem, judge, signature } from '../fuzz/invariants.ts';
import type { Verdict } from '../fuzz/invariants.ts';

const DEFAULT_SEED = 20_261_123;
const DEMO_PASSWORD = 'Payslips-2026';
/** Requests in flight at once (the machine has two cores and other work). */
const PARALLEL = Number(process.env.RELIABILITY_FUZZ_PARALLEL ?? 6);
/** The fuzzer's own lockouts are lifted this often, so a limit it tripped cannot hide what lies behind it. */
const CLEAR_LOCKOUTS_EVERY = 200;
/** Kinds of failure shrunk and printed per database, and the requests each shrink may send. */
const SHRINK_KINDS = 20;
const SHRINK_BUDGET = 400;

type Failure = {
  signature: string;
  index: number;
  rule: string;
  detail: string;
  request: string;
  curl: string;
  replay: string;
  shrinkSteps: number;
  sent: number;
};

type Figures = {
  seed: number;
  requests: number;
  direct: number;
  proxy: number;
  signedOut: number;
  routes: number;
  statuses: Record<string, number>;
  fiveHundreds: number;
  shapeViolations: number;
  noAnswer: number;
  proxy503WhileApiDown: number;
  lockoutsLifted: number;
  /** Demo sessions the fuzzer's own requests ended (sign-out, refresh reuse), signed in again. */
  sessionsRenewed: number;
  healthyAtEnd: boolean;
  /** Errors the API logged (pino level 50 and up): work after an answer fails where no status shows it. */
  apiErrorsLogged: number;
  apiErrorSamples: string[];
  seconds: number;
  kinds: Record<string, number>;
  /** Routes each kind of failure showed on. */
  kindRoutes: Record<string, string[]>;
  smallestFailing: Failure[];
};

/**
 * Lifts the lockouts the fuzzer caused itself, as if their windows had passed: sign-in and
 * registration counters, linking sends and failures, and records locked by failed identity checks
 * (the employer's reset). 429s still happen between two lifts; they are 4xx like any other.
 */
async function liftLockouts(database: TestDatabase): Promise<void> {
  await database.query('delete from throttle_counters');
  await database.query('delete from link_requests');
  await database.query('delete from link_failures');
  await database.query('update employments set failed_checks = 0, locked_at = null where failed_checks > 0 or locked_at is not null');
}

type Runner = {
  /** The routes of the document. */
  routes: number;
  arbitrary: fc.Arbitrary<FuzzRequest>;
  target(via: FuzzRequest['via']): Target;
  /** Sends and judges one request (the 503-from-the-proxy-while-the-API-is-down rule included). */
  check(request: FuzzRequest): Promise<{ answer: Answer; verdict: Verdict; apiDown: boolean }>;
};

type User = 'alex' | 'sam';
const DEMO_EMAILS: Record<User, string> = { alex: 'alex.morgan@example.com', sam: 'sam.patel@example.com' };

/**
 * The demo users' sessions. A fuzzed sign-out (or a reused refresh token) may end one on the
 * server; every request after it would then stop at 401 and fuzz nothing deeper. So when a
 * signed-in request is refused with 401 and /app/me/ confirms the session is over, the user signs
 * in again (once, however many requests noticed it), as the fuzzer lifts its own lockouts.
 */
class DemoSessions {
  renewed = 0;
  private readonly cookies = new Map<User, string>();
  private readonly renewing = new Map<User, Promise<void>>();

  private constructor(
    private readonly api: string,
    private readonly database: TestDatabase,
    readonly initial: Record<User, Session>,
  ) {
    for (const user of ['alex', 'sam'] as const) this.cookies.set(user, initial[user].cookie());
  }

  static async start(api: string, database: TestDatabase): Promise<DemoSessions> {
    return new DemoSessions(api, database, {
      alex: await signIn(api, DEMO_EMAILS.alex, DEMO_PASSWORD),
      sam: await signIn(api, DEMO_EMAILS.sam, DEMO_PASSWORD),
    });
  }

  cookie(as: FuzzRequest['as']): string | undefined {
    return as === 'signed-out' ? undefined : this.cookies.get(as);
  }

  /** After a 401 to a signed-in request: signs the user in again if the session has really ended. */
  async renewIfEnded(as: FuzzRequest['as']): Promise<void> {
    if (as === 'signed-out') return;
    const running = this.renewing.get(as);
    if (running) return running;
    const renewal = (async () => {
      const me = await fetch(`${this.api}/app/me/`, { headers: { cookie: this.cookies.get(as)! } });
      if (me.status !== 401) return;
      // Fuzzed profile changes may have given the user another sign-in address: ask the database.
      const [row] = await this.database.query<{ email: string }>('select email from identity_users where id = $1', [this.initial[as].sub]);
      this.cookies.set(as, (await signIn(this.api, row?.email ?? DEMO_EMAILS[as], DEMO_PASSWORD)).cookie());
      this.renewed++;
    })().finally(() => this.renewing.delete(as));
    this.renewing.set(as, renewal);
    return renewal;
  }
}

async function prepare(system: System): Promise<Runner & { sessions: DemoSessions }> {
  const api = system.apis[0]!.url;
  const sessions = await DemoSessions.start(api, system.database);
  const doc = (await (await fetch(`${api}/api/docs/openapi.json`)).json()) as OpenApiDocument;
  // The form token of Alex's browser, as a page of the sign-in service hands it out (none before CSRF tokens existed).
  const signInPage = await sendAsBrowser(api, sessions.initial.alex.jar, '/account/sign-in?client_id=portal-web', { headers: { accept: 'text/html' } });
  const csrfToken = readForm(await signInPage.text()).fields.csrf_token;
  const operations = readOperations(doc);
  const cookie = (as: FuzzRequest['as']) => sessions.cookie(as);
  const target = (via: FuzzRequest['via']): Target => ({ base: via === 'direct' ? api : system.proxy.url, cookie });
  const apiIsDown = async () =>
    !(await fetch(`${api}/healthz`)
      .then((r) => r.ok)
      .catch(() => false));
  return {
    sessions,
    routes: operations.length,
    arbitrary: requestArbitrary(operations, demoSamples({ alex: sessions.initial.alex.sub, sam: sessions.initial.sam.sub }, csrfToken)),
    target,
    async check(request) {
      const answer = await send(request, target(request.via));
      if ('status' in answer && answer.status === 401) await sessions.renewIfEnded(request.as);
      const verdict = judge(operations, request, answer);
      // The proxy may answer 503 { status, error } while the API is down; here it should never be.
      if (
        !verdict.ok &&
        'status' in answer &&
        answer.status === 503 &&
        request.via === 'proxy' &&
        !errorShapeProblem(503, answer.contentType, answer.body) &&
        (await apiIsDown())
      ) {
        return { answer, verdict: { ok: true }, apiDown: true };
      }
      return { answer, verdict, apiDown: false };
    },
  };
}

/** Errors in the API's log (its JSON lines at level error or fatal), by message, with a sample of each. */
function loggedErrors(system: System): { apiErrorsLogged: number; apiErrorSamples: string[] } {
  const lines = system.apis
    .flatMap((api) => api.output.join('').split('\n'))
    .map((line) => {
      try {
        return JSON.parse(line) as { level?: number; msg?: string; job?: string; err?: { message?: string } };
      } catch {
        return null;
      }
    })
    .filter((entry): entry is { level: number; msg?: string; job?: string; err?: { message?: string } } => (entry?.level ?? 0) >= 50);
  const samples = new Map<string, number>();
  for (const entry of lines) {
    const key = `${entry.msg ?? ''}${entry.job ? ` (${entry.job})` : ''}: ${(entry.err?.message ?? '').slice(0, 120)}`;
    samples.set(key, (samples.get(key) ?? 0) + 1);
  }
  return { apiErrorsLogged: lines.length, apiErrorSamples: [...samples].map(([key, n]) => `${n} × ${key}`).slice(0, 10) };
}

/** Whether the system still serves after the run: the API's health, and a real call through the proxy. */
async function healthy(system: System, runner: Runner & { sessions: DemoSessions }): Promise<boolean> {
  await runner.sessions.renewIfEnded('alex');
  const health = await fetch(`${system.apis[0]!.url}/healthz`).catch(() => null);
  const viaProxy = await send(
    {
      route: 'GET /api/users/authorised',
      via: 'proxy',
      as: 'alex',
      method: 'GET',
      path: '/api/users/authorised',
      accept: 'application/json',
      contentType: null,
      origin: 'self',
      body: null,
    },
    runner.target('proxy'),
  );
  return Boolean(health?.ok) && 'status' in viaProxy && viaProxy.status === 200;
}

/**
 * Lets fast-check find the smallest request that fails the same way as the one drawn at `index`:
 * it replays that draw (seed and path) and shrinks it, sending each candidate for real.
 */
async function shrink(
  runner: Runner,
  seed: number,
  count: number,
  index: number | string,
  kind: string,
  base: (via: FuzzRequest['via']) => string,
): Promise<Failure | null> {
  let sent = 0;
  let last: { request: FuzzRequest; verdict: Verdict } | null = null;
  const result = await fc.check(
    fc.asyncProperty(runner.arbitrary, async (request) => {
      if (sent++ >= SHRINK_BUDGET) return true;
      const { answer, verdict } = await runner.check(request);
      const same = !verdict.ok && (kind === '*' || signature(request, verdict, answer) === kind);
      if (same) last = { request, verdict };
      return !same;
    }),
    { seed, path: String(index), numRuns: count },
  );
  const found = last as { request: FuzzRequest; verdict: Verdict } | null;
  if (!result.failed || !result.counterexample || !found || found.verdict.ok) return null;
  const [request] = result.counterexample as [FuzzRequest];
  return {
    signature: kind,
    index: typeof index === 'number' ? index : Number(String(index).split(':')[0]),
    rule: found.verdict.rule,
    detail: found.verdict.detail,
    request: describe(request),
    curl: curlCommand(request, base(request.via)),
    replay: `RELIABILITY_PARTS=fuzz RELIABILITY_FUZZ_SEED=${seed} RELIABILITY_FUZZ_REPLAY='${result.counterexamplePath}' pnpm test:reliability`,
    shrinkSteps: result.numShrinks,
    sent,
  };
}

function printFailure(database: DatabaseKind, failure: Failure): void {
  console.error(
    [
      `fuzz on ${database}: ${failure.signature} (shrunk in ${failure.shrinkSteps} steps, ${failure.sent} requests)`,
      `  smallest failing request: ${failure.request}`,
      `  answer: ${failure.detail}`,
      `  send it again: ${failure.curl}`,
      `  replay: ${failure.replay}`,
    ].join('\n'),
  );
}

async function fuzzDatabase(database: DatabaseKind): Promise<Figures> {
  const count = Number(process.env.RELIABILITY_FUZZ_REQUESTS ?? 10_000);
  const seed = Number(process.env.RELIABILITY_FUZZ_SEED ?? DEFAULT_SEED);
  const replay = process.env.RELIABILITY_FUZZ_REPLAY;
  console.log(`fuzz on ${database}: seed ${seed}, ${count} requests (replay with RELIABILITY_FUZZ_SEED=${seed})`);
  const started = Date.now();
  // Sessions outlive the run; the demo accounts' data is the fuzzer's to spoil (a fresh database).
  const system = await startSystem(database, { env: { ACCESS_TOKEN_TTL_SECONDS: '7200' } });
  try {
    const runner = await prepare(system);
    const base = (via: FuzzRequest['via']) => runner.target(via).base;
    if (replay) {
      const failure = await shrink(runner, seed, count, replay, '*', base);
      if (failure) printFailure(database, failure);
      else console.log(`fuzz on ${database}: the request at ${replay} passes now`);
    }
    const requests = replay ? [] : fc.sample(runner.arbitrary, { seed, numRuns: count });
    const statuses: Record<string, number> = {};
    const kinds: Record<string, number> = {};
    const routesOfKind = new Map<string, Set<string>>();
    const firstOfKind = new Map<string, { index: number; request: FuzzRequest; detail: string; rule: string }>();
    const tally = { fiveHundreds: 0, shapeViolations: 0, noAnswer: 0, proxy503WhileApiDown: 0, lockoutsLifted: 0 };
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        if (index > 0 && index % CLEAR_LOCKOUTS_EVERY === 0) {
          await liftLockouts(system.database);
          tally.lockoutsLifted++;
        }
        const request = requests[index]!;
        const { answer, verdict, apiDown } = await runner.check(request);
        const status = 'status' in answer ? String(answer.status) : answer.closedEarly ? 'closed early' : 'none';
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (apiDown) tally.proxy503WhileApiDown++;
        if (verdict.ok) continue;
        if (verdict.rule === '5xx') tally.fiveHundreds++;
        if (verdict.rule === 'shape') tally.shapeViolations++;
        if (verdict.rule === 'no-answer') tally.noAnswer++;
        const kind = signature(request, verdict, answer);
        kinds[kind] = (kinds[kind] ?? 0) + 1;
        routesOfKind.set(kind, (routesOfKind.get(kind) ?? new Set()).add(request.route));
        if (!firstOfKind.has(kind) || firstOfKind.get(kind)!.index > index)
          firstOfKind.set(kind, { index, request, detail: verdict.detail, rule: verdict.rule });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const fuzzSeconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `fuzz on ${database}: ${requests.length} requests in ${fuzzSeconds} s; statuses ${JSON.stringify(statuses)}; ${Object.keys(kinds).length} kinds of failure`,
    );
    for (const [kind, n] of Object.entries(kinds).sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${kind} (${routesOfKind.get(kind)!.size} routes)`);

    // One smallest example of each kind (the most frequent kinds first), found by shrinking.
    const smallestFailing: Failure[] = [];
    const severity = (kind: string) => (kind.startsWith('5xx') ? 0 : kind.startsWith('no-answer') ? 1 : 2);
    const worst = Object.entries(kinds)
      .sort((a, b) => severity(a[0]) - severity(b[0]) || b[1] - a[1])
      .slice(0, SHRINK_KINDS);
    for (const [kind] of worst) {
      await liftLockouts(system.database);
      const first = firstOfKind.get(kind)!;
      // When it does not fail again alone (it needed what ran beside it), the request as drawn is shown.
      const failure = (await shrink(runner, seed, count, first.index, kind, base)) ?? {
        signature: `${kind} (did not fail again when sent alone)`,
        index: first.index,
        rule: first.rule,
        detail: first.detail,
        request: describe(first.request),
        curl: curlCommand(first.request, base(first.request.via)),
        replay: `RELIABILITY_PARTS=fuzz RELIABILITY_FUZZ_SEED=${seed} RELIABILITY_FUZZ_REPLAY='${first.index}' pnpm test:reliability`,
        shrinkSteps: 0,
        sent: 0,
      };
      smallestFailing.push(failure);
      printFailure(database, failure);
    }
    const figures: Figures = {
      seed,
      requests: requests.length,
      direct: requests.filter((r) => r.via === 'direct').length,
      proxy: requests.filter((r) => r.via === 'proxy').length,
      signedOut: requests.filter((r) => r.as === 'signed-out').length,
      routes: runner.routes,
      statuses,
      ...tally,
      sessionsRenewed: runner.sessions.renewed,
      healthyAtEnd: await healthy(system, runner),
      ...loggedErrors(system),
      seconds: Math.round((Date.now() - started) / 1000),
      kinds,
      kindRoutes: Object.fromEntries([...routesOfKind].map(([kind, routes]) => [kind, [...routes].sort()])),
      smallestFailing,
    };
    return figures;
  } finally {
    closeConnections();
    await system.stop();
  }
}

const routeList = (routes: string[]) =>
  routes.length <= 4 ? `${routes.length === 1 ? 'route' : `${routes.length} routes`} ${routes.map((r) => `\`${r}\``).join(', ')}` : `${routes.length} routes`;

export const fuzz: Part = {
  name: 'fuzz',
  title: 'Fuzzing: every route, schema-following and schema-breaking input',
  claim:
    'fast-check draws requests for every route of the OpenAPI document — parameters, queries and bodies that follow the schema and that break it (NUL and other control characters, lone surrogates, very long strings, numbers where text goes, deep and unknown fields, malformed JSON, wrong and missing content types, 10 MB bodies, broken percent-escapes, `..` and `%2F` in paths) — signed in or out, half straight to the API and half through the host’s proxy. No answer is a 5xx, every 4xx is exactly `{ status, error }`, with a `code` where the wire contract names one (the sign-in pages answer HTML where they are built to), and the system still serves at the end.',
  async run(database) {
    const figures = await fuzzDatabase(database);
    const passed = figures.requests > 0 && figures.fiveHundreds === 0 && figures.shapeViolations === 0 && figures.noAnswer === 0 && figures.healthyAtEnd;
    return { passed, figures };
  },
  render(records) {
    const lines = [
      '| database | requests | direct / proxy | signed out | routes | 5xx | shape violations | no answer | healthy at end | errors the API logged | seed | seconds |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    for (const { database, figures } of records) {
      const f = figures as Partial<Figures> & { error?: string };
      if (f.error && f.requests === undefined) lines.push(`| ${database} | failed: ${f.error.split('\n')[0]} | | | | | | | | | | |`);
      else
        lines.push(
          `| ${database} | ${f.requests} | ${f.direct} / ${f.proxy} | ${f.signedOut} | ${f.routes} | ${f.fiveHundreds} | ${f.shapeViolations} | ${f.noAnswer} | ${f.healthyAtEnd ? 'yes' : '**no**'} | ${f.apiErrorsLogged} | ${f.seed} | ${f.seconds} |`,
        );
    }
    for (const { database, figures } of records) {
      const f = figures as Partial<Figures>;
      if (f.statuses)
        lines.push(
          '',
          `Statuses on ${database}: ${Object.entries(f.statuses)
            .map(([s, n]) => `${s} × ${n}`)
            .join(
              ', ',
            )}. The fuzzer lifted its own lockouts ${f.lockoutsLifted} times and signed a demo user in again ${f.sessionsRenewed ?? 0} times after its own requests ended the session.`,
        );
      if (f.apiErrorSamples?.length)
        lines.push(
          '',
          `Errors the API logged on ${database} (not an answer's status; reported, not failed on):`,
          '',
          ...f.apiErrorSamples.map((e) => `- ${e}`),
        );
      const kinds = Object.entries(f.kinds ?? {});
      if (kinds.length)
        lines.push(
          '',
          `Failures on ${database}, by kind:`,
          '',
          ...kinds.sort((a, b) => b[1] - a[1]).map(([kind, n]) => `- ${kind}: ${n} requests on ${routeList(f.kindRoutes?.[kind] ?? [])}`),
        );
      for (const failure of f.smallestFailing ?? []) {
        lines.push(
          '',
          `Smallest failing request (${database}, ${failure.signature}):`,
          '',
          '```',
          failure.request,
          `answer: ${failure.detail}`,
          failure.curl,
          failure.replay,
          '```',
        );
      }
    }
    return lines;
  },
};
