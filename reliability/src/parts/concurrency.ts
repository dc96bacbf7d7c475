// Every limit attacked with 300 parallel requests over real HTTP: api/src/limits.concurrency.test.ts.
import type { Part } from '../part.ts';
import { runApiJest } from './api-jest.ts';

type LimitFigures = { limit: string; max: number; parallel: number; evaluated: number; statuses: Record<string, number>; lastStatus?: number };

export const concurrency: Part = {
  name: 'concurrency',
  title: 'Concurrency: every limit under 300 parallel requests',
  claim:
    'Each limit (per code, per user-hour, resend, sends per hour, identity lock, sign-in per address, per account and per client, registrations) is attacked with 300 parallel HTTP requests; the attempts the server evaluated (counted from the database) never exceed the limit, and the right code or password sent after the limit is refused.',
  run: async (database) => runApiJest('src/limits.concurrency.test.ts', database),
  render(records) {
    const lines = ['| database | limit | max | parallel | evaluated | right one sent after the limit |', '|---|---|---|---|---|---|'];
    for (const record of records) {
      const limits = (record.figures.limits ?? []) as LimitFigures[];
      for (const l of limits) lines.push(`| ${record.database} | ${l.limit} | ${l.max} | ${l.parallel} | ${l.evaluated} | ${l.lastStatus ?? '–'} |`);
      if (record.figures.error) lines.push(`| ${record.database} | failed: ${String(record.figures.error).split('\n')[0]} | | | | |`);
    }
    return lines;
  },
};
