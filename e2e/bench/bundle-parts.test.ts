import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SourceMapGenerator } from 'source-map-js';
import { addParts, fileParts, partOfSource } from './bundle-parts';

test('names the library of a source: packages by group, federation and bundler runtime, @portal/shared, the app', () => {
  const pkg = (name: string) => `webpack://host/../node_modules/.pnpm/${name.replace('/', '+')}@1.0.0/node_modules/${name}/dist/index.js`;
  assert.equal(partOfSource(pkg('axios'), 'host app'), 'axios');
  assert.equal(partOfSource(pkg('@module-federation/runtime-core'), 'host app'), 'federation runtime');
  assert.equal(partOfSource(pkg('@fusionauth/react-sdk'), 'host app'), 'FusionAuth SDK');
  assert.equal(partOfSource(pkg('scheduler'), 'host app'), 'react-dom');
  assert.equal(partOfSource(pkg('react'), 'host app'), 'react');
  assert.equal(partOfSource(pkg('react-router'), 'host app'), 'react-router');
  assert.equal(partOfSource(pkg('left-pad'), 'host app'), 'other libraries');
  assert.equal(partOfSource('webpack://host/webpack/runtime/consumes_loading', 'host app'), 'federation runtime');
  assert.equal(partOfSource('webpack://host/webpack/runtime/jsonp_chunk_loading', 'host app'), 'bundler runtime');
  assert.equal(partOfSource('webpack://remote_pay/../shared/src/format.ts', 'remote-pay'), '@portal/shared');
  assert.equal(partOfSource('webpack://remote_pay/./src/home/HomePage.tsx', 'remote-pay'), 'remote-pay');
});

test("shares a file's gzip bytes out by the minified bytes each library generated; unmapped bytes are the bundler's", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bundle-parts-'));
  try {
    // 16 characters: 4 of axios, 6 of the app, 2 of @portal/shared, then 4 no mapping names.
    const code = 'aaaabbbbbbccdddd';
    const map = new SourceMapGenerator({ file: 'x.js' });
    const at = (column: number, source: string | null) =>
      map.addMapping(source ? { generated: { line: 1, column }, original: { line: 1, column: 0 }, source } : { generated: { line: 1, column } });
    at(0, 'webpack://host/../node_modules/.pnpm/axios@1.0.0/node_modules/axios/lib/utils.js');
    at(4, 'webpack://host/./src/app.ts');
    at(10, 'webpack://host/../shared/src/x.ts');
    at(12, null);
    mkdirSync(path.join(dir, 'dist'));
    mkdirSync(path.join(dir, 'sourcemaps'));
    writeFileSync(path.join(dir, 'dist', 'x.js'), code);
    writeFileSync(path.join(dir, 'sourcemaps', 'x.js.map'), map.toString());
    const parts = fileParts(dir, 'host app', 'x.js', 1600);
    assert.deepEqual(parts, { axios: 400, 'host app': 600, '@portal/shared': 200, 'bundler runtime': 400 });
    assert.equal(fileParts(dir, 'host app', 'absent.js', 10), undefined);
    assert.deepEqual(addParts({ axios: 1 }, parts!), { axios: 401, 'host app': 600, '@portal/shared': 200, 'bundler runtime': 400 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
