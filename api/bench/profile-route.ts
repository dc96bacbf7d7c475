// A CPU profile of the API under load on one route (not part of `pnpm bench`): starts the API with
// --cpu-prof, signs in, runs autocannon on the route, stops the API and prints the functions with
// the most self time. PROFILE_ROUTE=payslips|authorised|pdf, PROFILE_DIR (default a temp dir),
// BENCH_DATABASE_URL for PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';
import { hotRoutePaths, signIn, startBenchApi } from './bench-api';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };

async function main(): Promise<void> {
  const dir = process.env.PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
  const api = await startBenchApi({ nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  try {
    const cookie = await signIn(api.base, DEMO.alex.email, DEMO_PASSWORD);
    const paths: Record<string, string> = await hotRoutePaths(api.base, cookie);
    const route = paths[process.env.PROFILE_ROUTE ?? 'payslips']!;
    const result = await autocannon({ url: `${api.base}${route}`, connections: 10, duration: Number(process.env.BENCH_DURATION ?? 8), headers: { cookie } });
    console.log(`${route}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
  } finally {
    await api.stop();
  }
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[] };
    const total = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
    const byFunction = new Map<string, number>();
    for (const n of profile.nodes) {
      const where = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/api\//, 'api/')}:${n.callFrame.lineNumber + 1}`;
      byFunction.set(where, (byFunction.get(where) ?? 0) + (n.hitCount ?? 0));
    }
    console.log(`${file}: ${total} samples`);
    for (const [where, hits] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40))
      console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${where}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
