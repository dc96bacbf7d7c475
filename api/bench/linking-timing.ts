// `pnpm --filter api bench:linking-timing`: does the time GET /api/users/{id}/linking_code_email/{email}
// takes tell whether the address matches an employment record? Real HTTP against the app on a free
// port, signed in as the demo user; ROUNDS matched and ROUNDS unmatched requests, interleaved in a
// shuffled order, each after the previous request's work (and its after-the-answer work) is done.
// The client runs in a worker thread with its own event loop, as a remote caller would: it times
// the answer, not the work the server does after it.
// Prints the means, medians, their difference, a permutation-test p-value and P(matched slower),
// and writes them to $RELIABILITY_RESULTS_DIR/timing-linking-email.<database>.json when that is set.
// PostgreSQL with TEST_DATABASE_URL (a throwaway schema), else in-memory SQLite.
//   BENCH_ROUNDS (default 40)
import { Worker } from 'node:worker_threads';
import { DEMO, createTestApp, outbox, signIn } from '../src/test/helpers';
import { writeFigures } from '../src/test/figures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const WARM_UP = 10;
const PERMUTATIONS = 20_000;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Two-sided permutation test of the difference of means. */
function permutationP(a: number[], b: number[]): number {
  const observed = Math.abs(mean(a) - mean(b));
  const all = [...a, ...b];
  let asExtreme = 0;
  for (let i = 0; i < PERMUTATIONS; i++) {
    for (let j = all.length - 1; j > 0; j--) {
      const k = Math.floor(Math.random() * (j + 1));
      [all[j], all[k]] = [all[k]!, all[j]!];
    }
    if (Math.abs(mean(all.slice(0, a.length)) - mean(all.slice(a.length))) >= observed) asExtreme += 1;
  }
  return (asExtreme + 1) / (PERMUTATIONS + 1);
}

/** P(a random matched request is slower than a random unmatched one): 0.5 means timing tells nothing. */
function probabilityOfSuperiority(a: number[], b: number[]): number {
  let wins = 0;
  for (const x of a) for (const y of b) wins += x > y ? 1 : x === y ? 0.5 : 0;
  return wins / (a.length * b.length);
}

/** An HTTP client on its own thread: timed(path) answers the status and the milliseconds to the full answer. */
function threadClient(port: number, headers: Record<string, string>) {
  const worker = new Worker(
    `const http = require('node:http');
     const { parentPort, workerData } = require('node:worker_threads');
     const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
     parentPort.on('message', (path) => {
       const started = performance.now();
       http.get({ host: '127.0.0.1', port: workerData.port, path, headers: workerData.headers, agent }, (res) => {
         res.resume();
         res.on('end', () => parentPort.postMessage({ status: res.statusCode, ms: performance.now() - started }));
       });
     });`,
    { eval: true, workerData: { port, headers } },
  );
  return {
    timed: (path: string) => new Promise<{ status: number; ms: number }>((resolve) => worker.once('message', resolve).postMessage(path)),
    close: () => worker.terminate(),
  };
}

async function main(): Promise<void> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  let client: ReturnType<typeof threadClient> | undefined;
  try {
    const alex = await signIn(t.app, DEMO.alex.email);
    client = threadClient(port, { cookie: alex.jar.header(), origin: 'http://localhost:8080' });
    const order = [...Array<boolean>(ROUNDS).fill(true), ...Array<boolean>(ROUNDS).fill(false)].sort(() => Math.random() - 0.5);
    const timed = { matched: [] as number[], unmatched: [] as number[] };
    let n = 0;
    for (const matched of [...Array.from({ length: WARM_UP }, (_, i) => i % 2 === 0), ...order]) {
      n += 1;
      // Each request starts clean: the 30-second lockout and the hourly count cleared, the previous work finished.
      await t.database.db.deleteFrom('link_requests').where('user_id', '=', alex.sub).execute();
      await outbox(t.app);
      const email = matched ? 'starter1@example.com' : `nobody-${n}@example.com`;
      const { status, ms } = await client.timed(`/api/users/${alex.sub}/linking_code_email/${encodeURIComponent(email)}`);
      if (status !== 200) throw new Error(`answered ${status}`);
      if (n > WARM_UP) timed[matched ? 'matched' : 'unmatched'].push(ms);
    }
    const figures = {
      route: 'GET /api/users/{userId}/linking_code_email/{email}',
      database: t.database.dialect === 'postgres' ? 'postgresql' : 'sqlite',
      rounds: ROUNDS,
      meanMatchedMs: +mean(timed.matched).toFixed(3),
      meanUnmatchedMs: +mean(timed.unmatched).toFixed(3),
      meanDifferenceMs: +(mean(timed.matched) - mean(timed.unmatched)).toFixed(3),
      medianMatchedMs: +median(timed.matched).toFixed(3),
      medianUnmatchedMs: +median(timed.unmatched).toFixed(3),
      permutationP: +permutationP(timed.matched, timed.unmatched).toPrecision(2),
      probabilityMatchedSlower: +probabilityOfSuperiority(timed.matched, timed.unmatched).toFixed(3),
    };
    console.log(JSON.stringify(figures, null, 2));
    writeFigures('timing-linking-email', figures);
  } finally {
    await client?.close();
    await t.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
