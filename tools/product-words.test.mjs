// The repository speaks of the product alone: no tracked text file cites a tracker's issue or the way
// the work was organised (stops, sittings, branches, worktrees, helpers). Such a reference means
// nothing to a reader of the code; the reason it stands for belongs in the sentence itself.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from './apps.mjs';

/** Words about how the work was made, precise enough to leave ordinary English alone. */
export const PROCESS_WORDS =
  /\bissues? #?\d+|\bstops? \d+\b|\bthis stop\b|\bbranch(?:es)? [a-z][a-z0-9]*-[a-z0-9-]+|\b(?:this|the) branch's\b|\bon (?:this|the) branch\b|\bother helpers\b|\bhelpers? (?:worked|found)\b|\bworktrees?\b|\bsittings\b|\b(?:a|one|the|this|that|same|first|second|third|last|next|each|quiet) sitting\b|\bsitting \d/i;

// This file names the words it looks for; the lockfile is generated.
const SKIPPED = new Set(['pnpm-lock.yaml', 'tools/product-words.test.mjs']);

/** Each `file:line: text` of a tracked text file where PROCESS_WORDS matches. */
function findProcessWords() {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && !SKIPPED.has(file));
  const found = [];
  for (const file of files) {
    const full = path.join(ROOT, file);
    if (!existsSync(full)) continue;
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue; // binary: images, PDFs, fonts
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => {
        if (PROCESS_WORDS.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

test('the pattern finds tracker and process references', () => {
  for (const text of [
    '// Pay documents uploaded as PDFs (issue 15): checked by content',
    "test.describe('Issue 13 journeys: account safety'",
    'fixed in issue #12',
    '(issue 15, point 3)',
    "Stop 25's figure 47% was a sequential run",
    'the levers of stop 24',
    "## Home's LCP (branch front-lcp)",
    'both API branches api-payslips and api-pipeline',
    'measured on this branch before the reader',
    'the first sitting gave 96',
    'A/B in one sitting, load 1.2',
    'two sittings of 5 runs',
    'built in a worktree of its own',
    'while other helpers worked',
    'a helper found two defects',
  ]) {
    assert.match(text, PROCESS_WORDS, text);
  }
});

test('the pattern leaves ordinary English alone', () => {
  for (const text of [
    'a helper function that formats pence',
    'reuse the test helpers in api/src/test/helpers.ts',
    'stop the server before the next start',
    'stops at the first error',
    'the else branch answers 404',
    'each branch of the switch returns',
    'an issue with the cache: issues a new token',
    'sitting behind a proxy',
    'bench/results/levers.md',
  ]) {
    assert.doesNotMatch(text, PROCESS_WORDS, text);
  }
});

test('no tracked text file speaks of a tracker issue, stops, sittings, branches, worktrees or helpers', () => {
  assert.deepEqual(findProcessWords(), []);
});
