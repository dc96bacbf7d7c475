// docs/reliability.md from the figures of the last run: one section per part, both databases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Part } from './part.ts';
import type { PartFigures } from './results.ts';
import { ROOT } from './system.ts';

export const REPORT_PATH = path.join(ROOT, 'docs', 'reliability.md');

function renderReport(parts: Part[], records: PartFigures[], seconds: number): string {
  const lines = [
    '# Reliability: the last run of the suite',
    '',
    'Written by `pnpm test:reliability` (reliability/src/run.ts); do not edit by hand. Each part attacks,',
    'fuzzes, kills or loads the running system over real HTTP, on SQLite and on PostgreSQL.',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node ${process.version}, in ${seconds} s.`,
    '',
    '| part | SQLite | PostgreSQL |',
    '|---|---|---|',
  ];
  const status = (part: Part, database: string) => {
    const record = records.find((r) => r.part === part.name && r.database === database);
    return record ? (record.passed ? 'passed' : '**failed**') : 'not run';
  };
  for (const part of parts) lines.push(`| ${part.title} | ${status(part, 'sqlite')} | ${status(part, 'postgresql')} |`);
  for (const part of parts) {
    const mine = records.filter((r) => r.part === part.name);
    lines.push('', `## ${part.title}`, '', part.claim, '');
    if (mine.length === 0) lines.push('Not run.');
    else lines.push(...part.render(mine));
  }
  return `${lines.join('\n')}\n`;
}

export function writeReport(parts: Part[], records: PartFigures[], seconds: number): void {
  fs.writeFileSync(REPORT_PATH, renderReport(parts, records, seconds));
}
