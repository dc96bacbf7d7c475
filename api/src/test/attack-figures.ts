// The outside attacker's attacks kept as tests (api/src/attacks/): each test records what it tried
// and what the server did, and the reliability suite's "attacks" part shows the rows of every file
// in docs/reliability.md. Outside that suite (RELIABILITY_RESULTS_DIR unset) nothing is written.
import fs from 'node:fs';
import path from 'node:path';

export type AttackRow = {
  /** The hole, in a few words: 'e-mail change outliving a password reset'. */
  hole: string;
  /** What the attacker did, in one sentence. */
  attack: string;
  /** What the server does now, with the figure that proves it ('410 for the link; 0 addresses changed'). */
  outcome: string;
  /** True when the attack failed, as it must. */
  held: boolean;
};

type AttackFigures = { part: 'attacks'; database: string; measuredAt: string; passed: boolean; figures: { rows: AttackRow[] } };

/** Appends one row to $RELIABILITY_RESULTS_DIR/attacks.<database>.json (Jest runs the files one at a time). */
export function recordAttack(row: AttackRow): void {
  const dir = process.env.RELIABILITY_RESULTS_DIR;
  if (!dir) return;
  const database = process.env.TEST_DATABASE_URL ? 'postgresql' : 'sqlite';
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `attacks.${database}.json`);
  const earlier = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as AttackFigures) : null;
  const rows = [...(earlier?.figures.rows ?? []), row];
  const record: AttackFigures = {
    part: 'attacks',
    database,
    measuredAt: new Date().toISOString(),
    passed: rows.every((r) => r.held),
    figures: { rows },
  };
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}
