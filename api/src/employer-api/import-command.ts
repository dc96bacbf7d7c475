// `pnpm --filter api import <file.json|file.csv> --employer <employerId>`: reads the file (a CSV
// pay run becomes the same import file, csv/pay-run-csv.ts), checks the employer, runs the import
// (import-run.ts) and prints its summary; answers the exit code (0 all stored, 1 something refused
// or the file unreadable, 2 wrong usage).
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Progress } from './import-progress';
import { EmployerKeyRepository } from './key-repository';
import { ImportFileError, anythingRefused, reworded, rowsIn, runImport, summaryLines } from './import-run';
import { CsvError } from './csv/parse-csv';
import { payRunFromCsv } from './csv/pay-run-csv';
import { NotUtf8, utf8Text } from './utf8-text';

export const IMPORT_USAGE = 'Usage: pnpm --filter api import <file.json|file.csv> --employer <employerId>';

export type ImportIo = { out(line: string): void; err(line: string): void; progress: Progress; cwd: string };

export async function runImportCommand(args: string[], db: Kysely<Database>, io: ImportIo): Promise<number> {
  const at = args.indexOf('--employer');
  const employerId = at >= 0 ? args[at + 1] : undefined;
  const files = args.filter((_arg, i) => i !== at && i !== at + 1);
  if (!employerId || files.length !== 1) {
    io.err(IMPORT_USAGE);
    return 2;
  }
  const employerName = await new EmployerKeyRepository(db).employerName(employerId);
  if (!employerName) {
    io.err(`No employer '${employerId}'. Add it with: pnpm --filter api employer-key create ${employerId} --name "<employer name>"`);
    return 1;
  }
  const file = path.resolve(io.cwd, files[0]!);
  const csv = /\.csv$/i.test(file);
  let data: unknown;
  let where = (message: string) => message;
  try {
    const text = utf8Text(fs.readFileSync(file));
    if (csv) ({ data, where } = payRunFromCsv(text));
    else data = JSON.parse(text);
  } catch (error) {
    if (csv && !(error instanceof CsvError) && !(error instanceof NotUtf8) && (error as NodeJS.ErrnoException).code === undefined) throw error;
    io.err(`Cannot read ${file} as ${csv ? 'a pay run CSV' : 'JSON'}: ${(error as Error).message}`);
    return 1;
  }
  io.err(`Importing ${path.basename(file)} for ${employerName} (${employerId})`);
  try {
    const started = performance.now();
    // A CSV's refusals name its rows and columns rather than the import file's fields.
    const summary = reworded(await runImport(db, employerId, data, io.progress), where);
    const seconds = (performance.now() - started) / 1000;
    for (const line of summaryLines(summary)) io.out(line);
    io.out(`Took ${seconds.toFixed(2)} s (${rowsIn(summary)} rows, ${Math.round(rowsIn(summary) / seconds)} rows/s)`);
    return anythingRefused(summary) ? 1 : 0;
  } catch (error) {
    if (error instanceof ImportFileError) {
      io.err(`Nothing imported: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
