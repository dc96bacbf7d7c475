// The import's progress on stderr: a bar redrawn in place on a terminal, and a plain line every
// tenth of the way otherwise (a log file or CI), so neither fills with carriage returns.
export type Progress = {
  /** A new stage of `total` items. */
  stage(label: string, total: number): void;
  /** `done` of the stage's items are through. */
  update(done: number): void;
  /** The stage is over. */
  finish(): void;
};

type Stream = { write(text: string): unknown; isTTY?: boolean; columns?: number };

const BAR_WIDTH = 30;
/** A terminal redraw at most this often (ms): redrawing for every chunk costs more than the chunk. */
const REDRAW_MS = 80;

export function progressOn(stream: Stream, now: () => number = Date.now): Progress {
  let label = '';
  let total = 0;
  let done = 0;
  let lastDraw = 0;
  let lastTenth = -1;
  const percent = () => (total ? Math.floor((done / total) * 100) : 100);

  const draw = () => {
    const filled = Math.round((BAR_WIDTH * percent()) / 100);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${percent()}% ${done}/${total}`;
    stream.write(`\r${line.slice(0, (stream.columns ?? 120) - 1)}\x1b[K`);
  };

  return {
    stage(newLabel, newTotal) {
      label = newLabel;
      total = newTotal;
      done = 0;
      lastTenth = -1;
      lastDraw = 0;
      if (stream.isTTY) draw();
      else stream.write(`${label}: 0/${total}\n`);
    },
    update(newDone) {
      done = newDone;
      if (stream.isTTY) {
        if (now() - lastDraw >= REDRAW_MS) {
          lastDraw = now();
          draw();
        }
        return;
      }
      const tenth = Math.floor(percent() / 10);
      if (tenth > lastTenth && done < total) {
        lastTenth = tenth;
        if (tenth > 0) stream.write(`${label}: ${done}/${total} (${percent()}%)\n`);
      }
    },
    finish() {
      done = total;
      if (stream.isTTY) {
        draw();
        stream.write('\n');
      } else stream.write(`${label}: ${total}/${total} done\n`);
    },
  };
}

/** For callers that want no progress (tests, the bench's timing runs). */
export const noProgress: Progress = { stage() {}, update() {}, finish() {} };
