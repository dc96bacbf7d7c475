// `pnpm test:reliability`: every part on every database (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then docs/reliability.md. Exits non-zero when any part failed.
//   RELIABILITY_PARTS=fuzz,load   runs only those parts (the report then shows only them)
import { parts } from './parts/index.ts';
import { clearFigures, readAllFigures, writeFigures } from './results.ts';
import { writeReport, REPORT_PATH } from './report.ts';
import { databaseKinds } from './system.ts';

const only = process.env.RELIABILITY_PARTS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const chosen = only ? parts.filter((p) => only.includes(p.name)) : parts;

async function main(): Promise<void> {
  const started = Date.now();
  clearFigures();
  let failures = 0;
  for (const part of chosen) {
    for (const database of databaseKinds()) {
      const t0 = Date.now();
      console.log(`reliability: ${part.name} on ${database} ...`);
      try {
        const outcome = await part.run(database);
        // A part that writes its own figures (the API's Jest parts) returns none here.
        if (Object.keys(outcome.figures).length > 0 || !outcome.passed) writeFigures(part.name, database, outcome.passed, outcome.figures);
        if (!outcome.passed) failures++;
        console.log(`reliability: ${part.name} on ${database} ${outcome.passed ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      } catch (error) {
        failures++;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        writeFigures(part.name, database, false, { error: message.slice(0, 2000) });
        console.error(`reliability: ${part.name} on ${database} FAILED: ${message}`);
      }
    }
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  writeReport(chosen, readAllFigures(), seconds);
  console.log(`reliability: ${chosen.length} parts, ${failures} failed, ${seconds} s; figures in ${REPORT_PATH}`);
  process.exitCode = failures ? 1 : 0;
}

void main();
