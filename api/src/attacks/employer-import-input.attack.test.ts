// Files given to the import command (`pnpm --filter api import`), on SQLite and PostgreSQL: a name
// holding control characters is refused as the API refuses it, and only that record; the others are
// stored (one NUL must not abort the import on PostgreSQL); a file that is not UTF-8 is refused with
// the byte and line, never stored with U+FFFD in a name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO, createTestApp } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { recordAttack } from '../test/attack-figures';
import { hasControlCharacter } from '../http/control-characters';
import { noProgress } from '../employer-api/import-progress';
import { runImportCommand } from '../employer-api/import-command';
import { employmentRecord } from '../employer-api/test-fixtures';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-attack-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function importFile(name: string, contents: string | Buffer) {
  fs.writeFileSync(path.join(dir, name), contents);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runImportCommand([name, '--employer', DEMO.employers.northwind], t.database.db, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    progress: noProgress,
    cwd: dir,
  });
  return { code, out, err };
}

const storedNames = async (prefix: string) =>
  (await t.database.db.selectFrom('employments').select('employee_name').where('external_id', 'like', `${prefix}%`).orderBy('external_id').execute()).map(
    (row) => row.employee_name,
  );

it('refuses only the record whose name holds CR, LF, ESC, BEL or NUL and stores the others', async () => {
  const file = {
    employments: [
      { employmentId: 'CTL-1', ...employmentRecord({ employeeName: 'Jordan Lee' }) },
      { employmentId: 'CTL-2', ...employmentRecord({ employeeName: 'Evil\r\n\u001b[31m\u0007\u0000Name' }) },
      { employmentId: 'CTL-3', ...employmentRecord({ employeeName: 'Sam Patel' }) },
    ],
  };
  const result = await importFile('control.json', JSON.stringify(file));
  const names = await storedNames('CTL-');
  recordAttack({
    hole: 'import skipping the input rules',
    attack: 'an import file with a name holding CR, LF, ESC, BEL and NUL between two good records',
    outcome: `exit ${result.code}; ${names.length} of 3 records stored, the bad one refused: "${result.out.find((l) => l.includes('refused:'))?.trim() ?? 'none'}"`,
    held: names.length === 2 && !names.some(hasControlCharacter),
  });
  expect(names).toEqual(['Jordan Lee', 'Sam Patel']);
  expect(result.code).toBe(1);
  expect(result.out).toContain('  refused: employments.1.employeeName must not contain control characters (such as a NUL byte, a tab or a line break)');
});

it('refuses a file that is not UTF-8, naming the byte and line, and stores nothing with U+FFFD', async () => {
  const json = JSON.stringify({ employments: [{ employmentId: 'LAT-1', ...employmentRecord({ employeeName: 'Zoë Brontë' }) }] }, null, 1);
  const result = await importFile('latin1.json', Buffer.from(json, 'latin1'));
  const names = await storedNames('LAT-');
  const offset = Buffer.from(json, 'latin1').indexOf(0xeb);
  recordAttack({
    hole: 'import turning Latin-1 into U+FFFD',
    attack: "a Latin-1 import file with the name 'Zoë Brontë'",
    outcome: `exit ${result.code}; ${names.length} records stored; "${result.err.at(-1) ?? ''}"`,
    held: names.length === 0 && result.code === 1,
  });
  expect(names).toEqual([]);
  expect(result.code).toBe(1);
  expect(result.err.at(-1)).toMatch(new RegExp(`latin1\\.json as JSON: it is not UTF-8 text: byte ${offset} \\(line 5\\) is 0xeb; save the file as UTF-8$`));
});
