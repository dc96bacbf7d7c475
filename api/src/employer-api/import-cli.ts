// Entry point of `pnpm --filter api import`: runs the import on the API's own database
// (db/database-command.ts). A relative file name is taken from where the command was typed (pnpm runs
// scripts inside api/).
import { runDatabaseCommand } from '../db/database-command';
import { progressOn } from './import-progress';
import { runImportCommand } from './import-command';

runDatabaseCommand((db) =>
  runImportCommand(process.argv.slice(2), db, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    progress: progressOn(process.stderr),
    cwd: process.env.INIT_CWD ?? process.cwd(),
  }),
);
