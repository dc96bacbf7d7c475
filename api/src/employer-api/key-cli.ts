// Entry point of `pnpm --filter api employer-key …`: runs the command on the API's own database
// (db/database-command.ts; a fresh one gets the demo employers first, as the API's first start would).
import { runDatabaseCommand } from '../db/database-command';
import { EmployerKeyRepository } from './key-repository';
import { runEmployerKeyCommand } from './key-command';

runDatabaseCommand((db) =>
  runEmployerKeyCommand(process.argv.slice(2), new EmployerKeyRepository(db), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }),
);
