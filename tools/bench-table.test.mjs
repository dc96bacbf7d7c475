// The bench's table (tools/bench/table.mjs): Home beside both floors, and results written before the
// federated floor existed still render. Run: `node --test tools/` (part of `pnpm test:tools`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderTable } from './bench/table.mjs';

const page = (jsBytes, requests, jsByLibrary) => ({
  jsBytes,
  jsFiles: 2,
  cssBytes: 0,
  requests,
  byPart: { app: { js: jsBytes, css: 0, files: 2 } },
  jsByLibrary,
});
const run = (median) => ({ runs: [median], median, mainThread: [] });
const figures = (score, lcpMs, tbtMs) => ({ score, lcpMs, tbtMs, cls: 0, fcpMs: lcpMs, requests: 5, transferBytes: 1 });

const front = (withFederated) => ({
  measuredAt: '2026-01-01T00:00:00.000Z',
  pages: {
    floor: page(100 * 1024, 2, { 'react-dom': 70 * 1024 }),
    ...(withFederated ? { federatedFloor: page(125 * 1024, 5, { 'react-dom': 70 * 1024, 'federation runtime': 25 * 1024 }) } : {}),
    landing: page(1024, 4),
    home: page(200 * 1024, 18, { 'react-dom': 70 * 1024, 'federation runtime': 36 * 1024, axios: 17 * 1024 }),
  },
});

const lighthouse = (withFederated) => ({
  measuredAt: '2026-01-01T00:00:00.000Z',
  runsPerPage: 1,
  pages: {
    floor: run(figures(100, 1400, 0)),
    ...(withFederated ? { federatedFloor: run(figures(99, 1600, 20)) } : {}),
    home: run(figures(97, 1700, 150)),
  },
});

const rowsOf = (table, start) => table.split('\n').filter((line) => line.startsWith(`| ${start}`));

test('Home stands beside the floor and beside the smallest federated page', () => {
  const table = renderTable({ front: front(true), lighthouse: lighthouse(true) });
  assert.deepEqual(rowsOf(table, 'smallest federated page: JS (gzip)'), [
    '| smallest federated page: JS (gzip) | 125.0 KiB in 2 files | 100.0 KiB | 1.25× |  |',
  ]);
  assert.deepEqual(rowsOf(table, 'smallest federated page: requests'), ['| smallest federated page: requests | 5 | 2 | 2.50× |  |']);
  assert.deepEqual(rowsOf(table, 'home: JS (gzip) |'), ['| home: JS (gzip) | 200.0 KiB in 2 files | 100.0 KiB | 2.00× | ≤ 1.3× floor ✗ |']);
  assert.deepEqual(rowsOf(table, 'home: JS (gzip) beside'), [
    '| home: JS (gzip) beside the smallest federated page | 200.0 KiB in 2 files | 125.0 KiB (smallest federated page) | 1.60× |  |',
  ]);
  assert.deepEqual(rowsOf(table, 'home: requests beside'), [
    '| home: requests beside the smallest federated page | 18 | 5 (smallest federated page) | 3.60× |  |',
  ]);
  assert.equal(rowsOf(table, 'home: JS by library beside').length, 1);
  assert.deepEqual(rowsOf(table, 'smallest federated page: LCP'), ['| smallest federated page: LCP | 1600 ms | 1400 ms | +200 ms |  |']);
  assert.deepEqual(rowsOf(table, 'home: LCP beside'), [
    '| home: LCP beside the smallest federated page | 1700 ms | 1600 ms (smallest federated page) | +100 ms |  |',
  ]);
  // The federated floor is a floor, not a page of the portal's: no rows of its own beside the floor as a page.
  assert.equal(rowsOf(table, 'federatedFloor').length, 0);
});

test('results from before the federated floor render without its rows', () => {
  const table = renderTable({ front: front(false), lighthouse: lighthouse(false) });
  assert.equal(rowsOf(table, 'smallest federated page').length, 0);
  assert.equal(rowsOf(table, 'home: JS (gzip) beside').length, 0);
  assert.equal(rowsOf(table, 'home: LCP beside').length, 0);
  assert.equal(rowsOf(table, 'home: JS (gzip) |').length, 1);
});
