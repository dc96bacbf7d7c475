// Entry point of `pnpm --filter api employer-admin …`: runs the command on the API's own database
// (db/database-command.ts), sending the e-mail as the API would (SMTP_URL, else the local outbox).
import pino from 'pino';
import { loadConfig } from '../config';
import { runDatabaseCommand } from '../db/database-command';
import { MessageService, OutboxTransport, SmtpTransport } from '../messages/transport';
import { commandLinkBase, runEmployerAdminCommand } from './admin-command';

runDatabaseCommand(async (db) => {
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const email = config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom, log) : new OutboxTransport(db, log);
  const messages = new MessageService(email, new OutboxTransport(db, log), log);
  try {
    return await runEmployerAdminCommand(process.argv.slice(2), db, messages, commandLinkBase(config), {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await messages.flush();
    if (email instanceof SmtpTransport) email.close();
  }
});
