// The attacks an outside attacker once made work, each kept as an API test that must fail to get in:
// api/src/attacks/*.attack.test.ts, run on each database; their rows come from api/src/test/attack-figures.ts.
import type { Part } from '../part.ts';
import { runApiJest } from './api-jest.ts';

type AttackRow = { hole: string; attack: string; outcome: string; held: boolean };

/** The attacks that time the API's event loop run in a Jest process of their own, as in `pnpm test:api` (tools/test-api.mjs). */
const TIMED = 'load\\.attack\\.test\\.ts$';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const attacks: Part = {
  name: 'attacks',
  title: 'Attacks: the holes an outside attacker found, kept closed',
  claim:
    'Each attack that once worked against the portal (an e-mail change outliving a password reset, an account opened before its owner, the offline copy outliving the session, hostile PDFs, a hostile import file, an unbounded pay run, unproven notice addresses, sessions without end) is replayed against the real API on each database; every row must hold.',
  run: async (database) => {
    const rest = runApiJest(`src/attacks/(?!.*${TIMED})`, database);
    const timed = runApiJest(`src/attacks/.*${TIMED}`, database);
    return rest.passed ? timed : rest;
  },
  render(records) {
    const lines = ['| database | hole | attack | what the server does now | held |', '|---|---|---|---|---|'];
    for (const record of records) {
      const rows = (record.figures.rows ?? []) as AttackRow[];
      for (const r of rows) lines.push(`| ${record.database} | ${cell(r.hole)} | ${cell(r.attack)} | ${cell(r.outcome)} | ${r.held ? 'yes' : '**no**'} |`);
      if (record.figures.error) lines.push(`| ${record.database} | failed: ${cell(String(record.figures.error).split('\n')[0] ?? '')} | | | |`);
    }
    return lines;
  },
};
