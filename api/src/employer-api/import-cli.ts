// Entry point of `pnpm --filter api import`: opens the database the API uses (same DATABASE_URL /
// SQLITE_PATH / DATA_DIR), brings it up to date as the API would, and runs the import. A relative
// file name is taken from where the command was typed (pnpm runs scripts inside api/).
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { isSeeded, seedDemoData } from '../db/seed';
import { progressOn } from './import-progress';
import { runImportCommand } from './import-command';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(database);
    if (config.seedDemoData && !(await isSeeded(database.db))) await seedDemoData(database.db, config.scryptCost);
    return await runImportCommand(process.argv.slice(2), database.db, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      progress: progressOn(process.stderr),
      cwd: process.env.INIT_CWD ?? process.cwd(),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
