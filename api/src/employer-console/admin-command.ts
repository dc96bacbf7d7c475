// `pnpm --filter api employer-admin --employer <employerId> --email <address>`: makes an invitation
// to be the employer's admin (14 days, single use), e-mails it and prints its one-time link, for
// the first admin of an employer; further admins are invited from the console.
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { ID_PATTERN, isEmail } from '../http/validation';
import type { MessageService } from '../messages/transport';
import { employerName } from './access-repository';
import { EmployerAdmins } from './admins';

export const USAGE = 'Usage: pnpm --filter api employer-admin --employer <employerId> --email <address>';

export type Output = { out(line: string): void; err(line: string): void };

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]?.trim() : undefined;
}

/** Where the link points: PUBLIC_URL, else the first portal address allowed (local development). */
export const commandLinkBase = (config: Pick<Config, 'publicUrl' | 'allowedRedirectOrigins'>) => config.publicUrl ?? config.allowedRedirectOrigins[0] ?? '';

/** Runs the command; answers the process exit code. */
export async function runEmployerAdminCommand(args: string[], db: Kysely<Database>, messages: MessageService, linkBase: string, io: Output): Promise<number> {
  const employerId = option(args, '--employer');
  const email = option(args, '--email');
  if (!employerId || !email || !new RegExp(ID_PATTERN).test(employerId)) {
    io.err(USAGE);
    return 2;
  }
  if (!isEmail(email)) {
    io.err(`'${email}' is not an e-mail address.`);
    return 2;
  }
  const name = await employerName(db, employerId);
  if (!name) {
    io.err(`No employer '${employerId}'.`);
    return 1;
  }
  const link = await new EmployerAdmins(db, messages).invite(employerId, email, linkBase, null);
  io.out(`Invited ${email.toLowerCase()} to be an admin of ${name} (${employerId}); the link was e-mailed to them.`);
  io.out('It works once, for 14 days, for the account signed in with that address:');
  io.out('');
  io.out(link);
  io.out('');
  return 0;
}
