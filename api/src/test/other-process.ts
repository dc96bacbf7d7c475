// Writes to a SQLite file from a separate node process, as another API instance or a command-line
// tool on the same file would: the API's kept session checks (db/sqlite-reader.ts) must see them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Runs `sql` with `parameters` (strings) in a new node process on `file`; returns the rows changed. */
export function writeInAnotherProcess(file: string, sql: string, parameters: string[]): number {
  const script = `const db = new (require('better-sqlite3'))(process.argv[1]); db.pragma('busy_timeout = 5000');
    const [sql, ...values] = process.argv.slice(2); process.stdout.write(String(db.prepare(sql).run(...values).changes)); db.close();`;
  const run = spawnSync(process.execPath, ['-e', script, file, sql, ...parameters], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the other process failed: ${run.stderr}`);
  return Number(run.stdout);
}

/** Revokes session `sessionId` (or, with `byUser`, every session of that user) from another process. */
export function revokeInAnotherProcess(file: string, sessionId: string, byUser = false): number {
  return writeInAnotherProcess(file, `update sessions set revoked_at = ? where ${byUser ? 'user_id' : 'id'} = ? and revoked_at is null`, [
    new Date().toISOString(),
    sessionId,
  ]);
}
