// `pnpm --filter api employer-key create <employerId> [--name "<employer name>"] [--address "<lines, comma-separated>"]
// [--paye-reference 123/AB45678]` and
// `pnpm --filter api employer-key revoke <keyId>`: the only way employer API keys come and go.
// The key is printed once and never stored, so it cannot be shown again: a lost key is revoked
// and replaced.
import { ID_PATTERN } from '../http/validation';
import type { EmployerKeyRepository } from './key-repository';
import { generateKey } from './keys';

export const USAGE = [
  'Usage:',
  '  pnpm --filter api employer-key create <employerId> [--name "<employer name>"] [--address "<line>, <line>, <postcode>"] [--paye-reference 123/AB45678]',
  '  pnpm --filter api employer-key revoke <keyId>',
].join('\n');

export type Output = { out(line: string): void; err(line: string): void };

/** An employer PAYE reference: the 3-digit HMRC office number, '/', then up to 10 letters and digits. */
export const PAYE_REFERENCE = /^[0-9]{3}\/[A-Z0-9]{1,10}$/;

/** The value after `flag` in `rest`: undefined when absent, '' when the flag has none. */
function option(rest: string[], flag: string): string | undefined {
  const at = rest.indexOf(flag);
  return at >= 0 ? (rest[at + 1]?.trim() ?? '') : undefined;
}

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
    const address = option(rest, '--address');
    const payeReference = option(rest, '--paye-reference')?.toUpperCase();
    if (address === '' || (address && address.length > 200)) {
      io.err("--address needs the employer's postal address (up to 200 characters), its lines separated by commas");
      return 2;
    }
    if (payeReference !== undefined && !PAYE_REFERENCE.test(payeReference)) {
      io.err('--paye-reference needs the employer PAYE reference as HMRC issued it, like 123/AB45678');
      return 2;
    }
    if (name && (await keys.addEmployer(id, name))) io.out(`Added employer ${id} (${name}).`);
    const employerName = await keys.employerName(id);
    if (!employerName) {
      io.err(`No employer '${id}'. Add it with: pnpm --filter api employer-key create ${id} --name "<employer name>"`);
      return 1;
    }
    if (address !== undefined || payeReference !== undefined) {
      // Kept as lines: the documents join them again as they need.
      await keys.setEmployerDetails(id, {
        address: address
          ?.split(',')
          .map((line) => line.trim())
          .filter(Boolean)
          .join('\n'),
        payeReference,
      });
      io.out(
        `Set ${[address !== undefined && 'the address', payeReference !== undefined && 'the PAYE reference'].filter(Boolean).join(' and ')} of ${employerName}.`,
      );
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
