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

/** Runs the SQL script `sql` (any statements: VACUUM, PRAGMA wal_checkpoint...) in a new node process on `file`. */
export function execInAnotherProcess(file: string, sql: string): void {
  const script = `const db = new (require('better-sqlite3'))(process.argv[1]); db.pragma('busy_timeout = 5000'); db.exec(process.argv[2]); db.close();`;
  const run = spawnSync(process.execPath, ['-e', script, file, sql], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the other process failed: ${run.stderr}`);
}

/** Restores `backup` into the live `file` with SQLite's backup API from a new node process (as `sqlite3 file ".restore backup"`). */
export function restoreInAnotherProcess(file: string, backup: string): void {
  const script = `const B = require('better-sqlite3'); const from = new B(process.argv[1], { readonly: true });
    from.backup(process.argv[2]).then(() => from.close(), (e) => { console.error(e); process.exit(1); });`;
  const run = spawnSync(process.execPath, ['-e', script, backup, file], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the other process failed: ${run.stderr}`);
}
