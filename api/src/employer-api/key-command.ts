// `pnpm --filter api employer-key create <employerId> [--name "<employer name>"]` and
// `pnpm --filter api employer-key revoke <keyId>`: the only way employer API keys come and go.
// The key is printed once and never stored, so it cannot be shown again: a lost key is revoked
// and replaced.
import { ID_PATTERN } from '../http/validation';
import type { EmployerKeyRepository } from './key-repository';
import { generateKey } from './keys';

export const USAGE = [
  'Usage:',
  '  pnpm --filter api employer-key create <employerId> [--name "<employer name>"]',
  '  pnpm --filter api employer-key revoke <keyId>',
].join('\n');

export type Output = { out(line: string): void; err(line: string): void };

/** Runs one command; answers the process exit code. */
export async function runEmployerKeyCommand(args: string[], keys: EmployerKeyRepository, io: Output): Promise<number> {
  const [command, id, ...rest] = args;
  if (command === 'create' && id && new RegExp(ID_PATTERN).test(id)) {
    const nameAt = rest.indexOf('--name');
    const name = nameAt >= 0 ? rest[nameAt + 1]?.trim() : undefined;
    if (nameAt >= 0 && !name) {
      io.err("--name needs the employer's name");
      return 2;
    }
    if (name && (await keys.addEmployer(id, name))) io.out(`Added employer ${id} (${name}).`);
    const employerName = await keys.employerName(id);
    if (!employerName) {
      io.err(`No employer '${id}'. Add it with: pnpm --filter api employer-key create ${id} --name "<employer name>"`);
      return 1;
    }
    const key = generateKey();
    await keys.create(key.keyId, id, key.secretHash);
    io.out(`Created key ${key.keyId} for ${employerName} (${id}).`);
    io.out('Give this key to the payroll software; it is shown only now and cannot be shown again:');
    io.out('');
    io.out(key.key);
    io.out('');
    io.out(`Revoke it with: pnpm --filter api employer-key revoke ${key.keyId}`);
    return 0;
  }
  if (command === 'revoke' && id) {
    if (await keys.revoke(id)) {
      io.out(`Revoked key ${id}: calls with it are refused from now on.`);
      return 0;
    }
    io.err(`No live key '${id}' (unknown, or revoked already).`);
    return 1;
  }
  io.err(USAGE);
  return 2;
}
