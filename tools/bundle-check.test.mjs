import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { findServerOnlyCode } from './bundle-check.mjs';

test('finds TypeBox in a built script, minified or not, and passes a clean bundle', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bundle-check-'));
  try {
    const dist = path.join(root, 'app', 'dist');
    await mkdir(path.join(dist, 'chunks'), { recursive: true });
    await writeFile(path.join(dist, 'main.js'), 'console.log("payslips")');
    await writeFile(path.join(dist, 'styles.css'), '/* TypeBox.Kind in a comment of a stylesheet is not code */');
    assert.deepEqual(await findServerOnlyCode([dist], root), []);

    await writeFile(path.join(dist, 'chunks', '12.js'), 'const a=Symbol.for("TypeBox.Kind");');
    await writeFile(path.join(dist, 'dev.js'), '"../node_modules/@sinclair/typebox/build/cjs/type/index.js"');
    assert.deepEqual(await findServerOnlyCode([dist, path.join(root, 'absent')], root), [
      path.join('app', 'dist', 'chunks', '12.js'),
      path.join('app', 'dist', 'dev.js'),
    ]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
