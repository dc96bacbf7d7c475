// Figures an API test hands to the reliability report: when RELIABILITY_RESULTS_DIR is set (the
// reliability suite runs the test), `writeFigures('access', {...})` writes
// $RELIABILITY_RESULTS_DIR/access.<sqlite|postgresql>.json in the shape reliability/src/results.ts reads.
import fs from 'node:fs';
import path from 'node:path';

export function writeFigures(part: string, figures: Record<string, unknown>, passed = true): void {
  const dir = process.env.RELIABILITY_RESULTS_DIR;
  if (!dir) return;
  const database = process.env.TEST_DATABASE_URL ? 'postgresql' : 'sqlite';
  fs.mkdirSync(dir, { recursive: true });
  const record = { part, database, measuredAt: new Date().toISOString(), passed, figures };
  fs.writeFileSync(path.join(dir, `${part}.${database}.json`), `${JSON.stringify(record, null, 2)}\n`);
}
