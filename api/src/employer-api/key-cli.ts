// Entry point of `pnpm --filter api employer-key …`: opens the database the API uses (same
// DATABASE_URL / SQLITE_PATH / DATA_DIR), brings it up to date as the API would, and runs the command.
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { isSeeded, seedDemoData } from '../db/seed';
import { EmployerKeyRepository } from './key-repository';
import { runEmployerKeyCommand } from './key-command';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(database);
    // A fresh database gets the demo employers first, as the API's first start would give it.
    if (config.seedDemoData && !(await isSeeded(database.db))) await seedDemoData(database.db, config.scryptCost);
    return await runEmployerKeyCommand(process.argv.slice(2), new EmployerKeyRepository(database.db), {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
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
