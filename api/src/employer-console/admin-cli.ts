// Entry point of `pnpm --filter api employer-admin …`: runs the command on the API's own database
// (db/database-command.ts), sending the e-mail through the transports the API would use (EMAIL_TRANSPORT,
// SMTP_URL, else the local outbox).
import pino from 'pino';
import { loadConfig } from '../config';
import { runDatabaseCommand } from '../db/database-command';
import { MessageService } from '../messages/transport';
import { buildTransports } from '../messages/transports';
import { commandLinkBase, runEmployerAdminCommand } from './admin-command';

runDatabaseCommand(async (db) => {
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const transports = buildTransports(config, db, log);
  const messages = new MessageService(transports.email, transports.sms, log);
  try {
    return await runEmployerAdminCommand(process.argv.slice(2), db, messages, commandLinkBase(config), {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await messages.flush();
    transports.email.close?.();
    transports.sms.close?.();
  }
});
