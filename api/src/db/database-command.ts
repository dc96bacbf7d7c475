// What every database command of the API (`import`, `employer-key`) does around its own work: opens the
// database the API uses (same DATABASE_URL / SQLITE_PATH / DATA_DIR), brings it up to date as the API's
// first start would (migrations, then the demo data when configured), runs the command, closes the
// database and exits with the command's code.
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from './connect';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';
import { isSeeded, seedDemoData } from './seed';

export function runDatabaseCommand(command: (db: Kysely<Database>) => Promise<number>): void {
  const main = async (): Promise<number> => {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
    try {
      await migrateToLatest(database);
      if (config.seedDemoData && !(await isSeeded(database.db))) await seedDemoData(database.db, config.passwordCost);
      return await command(database.db);
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
