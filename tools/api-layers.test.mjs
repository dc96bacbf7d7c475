// The API's layer rule (eslint.config.mjs, docs/api-layers.md) still fails what it should: files
// planted in api/src for the run import against the layers or in a cycle, and ESLint, with the
// repository's own config, must report each. Planted files are removed afterwards.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { API_MODULES } from '../eslint.config.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const planted = [];

/** Writes a file under api/src for this run only. */
function plant(relative, text) {
  const file = path.join(ROOT, 'api/src', relative);
  planted.push(file);
  writeFileSync(file, text);
  return file;
}

after(() => {
  for (const file of planted) rmSync(file, { force: true });
});

const eslint = new ESLint({ cwd: ROOT });

/** The rule ids and messages ESLint reports for `files`. */
async function problems(files) {
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => ({ file: path.relative(ROOT, r.filePath), rule: m.ruleId, message: m.message })));
}

const ruleIds = (list) => [...new Set(list.map((p) => p.rule))].sort();

describe('the API layer rule', () => {
  const id = `planted-${process.pid}`;

  it('passes a file that imports downwards', async () => {
    const file = plant(`users/${id}-ok.ts`, "import { nowIso } from '../db/convert';\nexport const at = nowIso();\n");
    assert.deepEqual(await problems([file]), []);
  });

  it('refuses db/ importing http/, a repository importing http/, and a core importing a module above it', async () => {
    const files = [
      plant(`db/${id}-up.ts`, "import { HttpError } from '../http/errors';\nexport const e = HttpError;\n"),
      plant(`users/${id}-repository.ts`, "import { HttpError } from '../http/errors';\nexport const e = HttpError;\n"),
      plant(`users/${id}-core.ts`, "import { TokenService } from '../auth/tokens';\nexport const t = TokenService;\n"),
    ];
    const found = await problems(files);
    for (const file of files) {
      const own = found.filter((p) => p.file === path.relative(ROOT, file));
      assert.deepEqual(ruleIds(own), ['import-x/no-restricted-paths'], `${path.relative(ROOT, file)}: ${JSON.stringify(found)}`);
    }
    assert.match(found.find((p) => p.file.endsWith(`${id}-repository.ts`) && /repository returns data/.test(p.message))?.message ?? '', /route chooses/);
  });

  it('refuses an import cycle inside one layer', async () => {
    const a = plant(`users/${id}-a.ts`, `import { b } from './${id}-b';\nexport const a = () => b;\n`);
    const b = plant(`users/${id}-b.ts`, `import { a } from './${id}-a';\nexport const b = () => a;\n`);
    const found = await problems([a, b]);
    assert.deepEqual(ruleIds(found), ['import-x/no-cycle'], JSON.stringify(found));
    assert.equal(found.length, 2);
  });

  it('lists every module of api/src in an order with no cycle (the config throws otherwise)', () => {
    const placed = new Set();
    const visit = (name, seen = []) => {
      assert.ok(!seen.includes(name), `cycle: ${[...seen, name].join(' -> ')}`);
      for (const lower of API_MODULES[name]) visit(lower, [...seen, name]);
      placed.add(name);
    };
    for (const name of Object.keys(API_MODULES)) visit(name);
    assert.ok(placed.has('auth') && placed.has('users') && placed.has('employer-api'));
  });
});
