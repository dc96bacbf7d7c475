// Figures of each part of the suite, one JSON file per part and database, in reliability/results/
// (ignored by git). The API's Jest parts (access matrix, concurrency) write theirs into the same
// folder through RELIABILITY_RESULTS_DIR; report.ts turns all of them into docs/reliability.md.
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from './system.ts';
import { ROOT } from './system.ts';

export const RESULTS_DIR = process.env.RELIABILITY_RESULTS_DIR ?? path.join(ROOT, 'reliability', 'results');

export type PartFigures = { part: string; database: DatabaseKind; measuredAt: string; passed: boolean; figures: Record<string, unknown> };

export function writeFigures(part: string, database: DatabaseKind, passed: boolean, figures: Record<string, unknown>): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const record: PartFigures = { part, database, measuredAt: new Date().toISOString(), passed, figures };
  fs.writeFileSync(path.join(RESULTS_DIR, `${part}.${database}.json`), `${JSON.stringify(record, null, 2)}\n`);
}

export function readAllFigures(): PartFigures[] {
  if (!fs.existsSync(RESULTS_DIR)) return [];
  return fs
    .readdirSync(RESULTS_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, file), 'utf8')) as PartFigures);
}

/** Clears the figures of an earlier run, so the report shows this run only. */
export function clearFigures(): void {
  fs.rmSync(RESULTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
}
