// The access matrix: every route of the OpenAPI document × every attacker (signed out, forged
// tokens, another user's and unlinked records' ids), from api/src/ownership.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { Part } from '../part.ts';
import { RESULTS_DIR } from '../results.ts';
import { runApiJest } from './api-jest.ts';

const histogram = (statuses: unknown) =>
  Object.entries((statuses ?? {}) as Record<string, number>)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

export const access: Part = {
  name: 'access',
  title: 'Access: every route × every attacker',
  claim:
    'Every route of the OpenAPI document (and the sign-in service’s /app/me/ and /app/refresh/) is called signed out, with forged tokens (unsigned, another key, expired, another audience or issuer, an ID token, a spliced signature, truncated) and as Alex naming Sam’s user, employment, payslip, document and intranet ids or an unlinked employment; every answer is a 401/403/404 (400 for a refused refresh) `{ status, error }` holding no marker of Sam’s or an unlinked record’s data. A route missing from the test’s table fails the run.',
  async run(database) {
    const outcome = runApiJest('src/ownership.test.ts', database);
    if (outcome.passed) return outcome;
    // The suite records the failure over the test's own figures: keep the cases and problems with it.
    const file = path.join(RESULTS_DIR, `access.${database}.json`);
    const own = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { figures: Record<string, unknown> }).figures : {};
    return { passed: false, figures: { ...own, ...outcome.figures } };
  },
  render(records) {
    const lines = ['| database | routes | attackers | cases | leaks | wrong refusals | statuses |', '|---|---|---|---|---|---|---|'];
    for (const { database, figures: f } of records) {
      if (f.error && f.cases === undefined) lines.push(`| ${database} | failed: ${String(f.error).split('\n')[0]} | | | | | |`);
      else lines.push(`| ${database} | ${f.routes} | ${f.attackers} | ${f.cases} | ${f.leaks} | ${f.refusedWrongly} | ${histogram(f.statuses)} |`);
    }
    const problems = records.flatMap((r) => ((r.figures.problems ?? []) as string[]).map((p) => `- ${r.database}: ${p}`));
    if (problems.length) lines.push('', 'Problems (first 20 per database):', '', ...problems);
    return lines;
  },
};
