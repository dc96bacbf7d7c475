// Memory and time of the kept session checks (db/sqlite-reader.ts) when their bound is full: the
// employment-owner check, SESSION_CHECKS_KEPT distinct questions between two commits, as many
// signed-in browsers would ask them, or one signed-in attacker asking for made-up employment ids of
// the longest path parameter the router takes (maxParamLength 300, app.ts). Not part of `pnpm bench`.
// Run: node --expose-gc node_modules/.bin/tsx bench/kept-memory.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { SESSION_CHECKS_KEPT } from '../src/db/prepared';
import { ownedEmploymentFinder } from '../src/employments/repository';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-memory-'));
  const database = await openDatabase({ databaseUrl: null, sqlitePath: path.join(dir, 'portal.sqlite') });
  try {
    await migrateToLatest(database);
    const cases: [string, (i: number) => string][] = [
      ['real-looking ids (em_ + 16 hex)', (i) => `em_${i.toString(16).padStart(16, '0')}`],
      ['300 ASCII characters', (i) => String(i).padStart(300, 'x')],
      ['300 characters JSON doubles (")', (i) => `${i}`.padStart(300, '"')],
      ['300 two-byte characters (ж)', (i) => `${i}`.padStart(300, 'ж')],
    ];
    console.log(
      `| employment ids asked (${SESSION_CHECKS_KEPT} distinct, all unknown) | heap kept (MB) | per entry (bytes) | µs per miss (full map) | µs per hit |`,
    );
    console.log('|---|---|---|---|---|');
    for (const [label, id] of cases) {
      const finder = ownedEmploymentFinder(database.db, 'sqlite');
      await finder.findInLiveSession('warm', 'usr_x', 'ses_x');
      const before = heap();
      for (let i = 0; i < SESSION_CHECKS_KEPT; i++) await finder.findInLiveSession(id(i), 'usr_0123456789abcdef', 'ses_0123456789abcdef0123');
      const kept = heap() - before;
      // Misses with the map full: each evicts the oldest.
      let start = process.hrtime.bigint();
      const n = 20_000;
      for (let i = 0; i < n; i++) await finder.findInLiveSession(id(SESSION_CHECKS_KEPT + i), 'usr_0123456789abcdef', 'ses_0123456789abcdef0123');
      const missUs = Number(process.hrtime.bigint() - start) / 1000 / n;
      start = process.hrtime.bigint();
      for (let i = 0; i < n; i++)
        await finder.findInLiveSession(id(SESSION_CHECKS_KEPT + n - 1 - (i % 1000)), 'usr_0123456789abcdef', 'ses_0123456789abcdef0123');
      const hitUs = Number(process.hrtime.bigint() - start) / 1000 / n;
      console.log(`| ${label} | ${(kept / 1e6).toFixed(1)} | ${Math.round(kept / SESSION_CHECKS_KEPT)} | ${missUs.toFixed(1)} | ${hitUs.toFixed(1)} |`);
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
