// The import's progress: a bar redrawn in place on a terminal, plain lines elsewhere.
import { progressOn } from './import-progress';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, columns: 200, write: (text: string) => written.push(text) };
}

describe('import progress', () => {
  it('draws a bar in place on a terminal, and ends the stage with a new line', () => {
    let clock = 0;
    const tty = stream(true);
    const progress = progressOn(tty, () => clock);
    progress.stage('Pay run 2026-10', 200);
    clock = 100;
    progress.update(100);
    progress.finish();
    expect(tty.written).toEqual([
      `\rPay run 2026-10 [${'-'.repeat(30)}] 0% 0/200\x1b[K`,
      `\rPay run 2026-10 [${'#'.repeat(15)}${'-'.repeat(15)}] 50% 100/200\x1b[K`,
      `\rPay run 2026-10 [${'#'.repeat(30)}] 100% 200/200\x1b[K`,
      '\n',
    ]);
  });

  it('redraws a terminal bar at most every 80 ms', () => {
    const tty = stream(true);
    const progress = progressOn(tty, () => 1000);
    progress.stage('Employment records', 10_000);
    for (let done = 250; done < 10_000; done += 250) progress.update(done);
    expect(tty.written).toHaveLength(2); // the stage's first draw, and one update
  });

  it('writes a plain line every tenth of the way when stderr is not a terminal', () => {
    const log = stream(false);
    const progress = progressOn(log);
    progress.stage('Employment records', 1000);
    for (let done = 250; done < 1000; done += 250) progress.update(done);
    progress.finish();
    expect(log.written).toEqual([
      'Employment records: 0/1000\n',
      'Employment records: 250/1000 (25%)\n',
      'Employment records: 500/1000 (50%)\n',
      'Employment records: 750/1000 (75%)\n',
      'Employment records: 1000/1000 done\n',
    ]);
  });
});
