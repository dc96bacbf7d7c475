// Writes to a SQLite file from a separate node process, as another API instance or a command-line
// tool on the same file would: the API's kept session checks (db/sqlite-reader.ts) must see them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Runs `script` (CommonJS, better-sqlite3 as `B`) in a new node process with `args` as process.argv[1...]; returns its output. */
function runInAnotherProcess(script: string, args: string[]): string {
  const run = spawnSync(process.execPath, ['-e', `const B = require('better-sqlite3'); ${script}`, ...args], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the other process failed: ${run.stderr}`);
  return run.stdout;
}

/** Runs `sql` with `parameters` (strings) in a new node process on `file`; returns the rows changed. */
export function writeInAnotherProcess(file: string, sql: string, parameters: string[]): number {
  const script = `const db = new B(process.argv[1]); db.pragma('busy_timeout = 5000');
    const [sql, ...values] = process.argv.slice(2); process.stdout.write(String(db.prepare(sql).run(...values).changes)); db.close();`;
  return Number(runInAnotherProcess(script, [file, sql, ...parameters]));
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
  runInAnotherProcess(`const db = new B(process.argv[1]); db.pragma('busy_timeout = 5000'); db.exec(process.argv[2]); db.close();`, [file, sql]);
}

/** Restores `backup` into the live `file` with SQLite's backup API from a new node process (as `sqlite3 file ".restore backup"`). */
export function restoreInAnotherProcess(file: string, backup: string): void {
  runInAnotherProcess(
    `const from = new B(process.argv[1], { readonly: true });
    from.backup(process.argv[2]).then(() => from.close(), (e) => { console.error(e); process.exit(1); });`,
    [backup, file],
  );
}
