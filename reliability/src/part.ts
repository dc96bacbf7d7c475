// What every part of the suite provides: a run per database, and how its figures read in the report.
import type { PartFigures } from './results.ts';
import type { DatabaseKind } from './system.ts';

export type PartOutcome = { passed: boolean; figures: Record<string, unknown> };

export type Part = {
  /** File-name key of its figures, e.g. 'fuzz'. */
  name: string;
  /** Heading in docs/reliability.md. */
  title: string;
  /** One sentence: what the part proves. */
  claim: string;
  /** Runs the part against one database. Throwing counts as a failure, with the message as its figure. */
  run(database: DatabaseKind): Promise<PartOutcome>;
  /** Markdown lines for the report from this part's figures (one record per database). */
  render(records: PartFigures[]): string[];
};
