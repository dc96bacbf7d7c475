// The one table of `pnpm bench`: every figure beside its floor (the bare React page, the bare
// Fastify route, the smallest case) from the same run, with its goal where there is one.
// Reads bench/results/*.json (a section not run keeps its last figures, with their date) and writes
// docs/performance.md; answers the Markdown.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../apps.mjs';

const RESULTS = path.join(ROOT, 'bench', 'results');
const OUT = path.join(ROOT, 'docs', 'performance.md');
/** Hand-written notes kept under the table (levers tried, before and after). */
const NOTES = path.join(ROOT, 'bench', 'results', 'levers.md');

function read(name) {
  const file = path.join(RESULTS, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value) => `${Math.round(value)} ms`;
const seconds = (value) => `${Number(value).toFixed(2)} s`;
const times = (value, floor) => (floor ? `${(value / floor).toFixed(2)}×` : '–');
const mark = (met) => (met ? ' ✓' : ' ✗');
const date = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') : '–');

/** The page that names the federated floor in the table: the least a page costs with Module Federation. */
const FEDERATED = 'smallest federated page';

/** Front end: JS, CSS, requests and the split by part of each page, beside the floor page (and Home beside the federated floor too). */
function frontRows(front) {
  if (!front) return [['first pages', 'not measured yet (pnpm bench --only=front)', '', '', '']];
  const { floor, federatedFloor, ...pages } = front.pages;
  const goals = { landing: 1.1, home: 1.3 };
  const rows = federatedFloor ? federatedFloorRows(federatedFloor, floor) : [];
  for (const [name, page] of Object.entries(pages)) {
    const ratio = page.jsBytes / floor.jsBytes;
    const goal = goals[name] ? `≤ ${goals[name]}× floor${mark(ratio <= goals[name])}` : '';
    rows.push([`${name}: JS (gzip)`, `${kib(page.jsBytes)} in ${page.jsFiles} files`, kib(floor.jsBytes), times(page.jsBytes, floor.jsBytes), goal]);
    rows.push([`${name}: CSS (gzip)`, kib(page.cssBytes), kib(floor.cssBytes), '–', '']);
    rows.push([`${name}: requests`, String(page.requests), String(floor.requests), times(page.requests, floor.requests), '']);
    rows.push([`${name}: by part, JS + CSS (files)`, byPart(page), '', '', '']);
    if (name === 'home' && page.jsByLibrary && floor.jsByLibrary) rows.push(...libraryRows(page, floor));
    if (name === 'home' && federatedFloor) rows.push(...homeBesideFederatedRows(page, federatedFloor));
  }
  return rows;
}

const byPart = (page) =>
  Object.entries(page.byPart)
    .sort(([, a], [, b]) => b.js + b.css - (a.js + a.css))
    .map(([part, figures]) => `${part} ${kib(figures.js + figures.css)} (${figures.files})`)
    .join(', ');

/** The federated floor (bench/floor/federated) beside the floor: what Module Federation alone adds to a page. */
function federatedFloorRows(federated, floor) {
  return [
    [`${FEDERATED}: JS (gzip)`, `${kib(federated.jsBytes)} in ${federated.jsFiles} files`, kib(floor.jsBytes), times(federated.jsBytes, floor.jsBytes), ''],
    [`${FEDERATED}: requests`, String(federated.requests), String(floor.requests), times(federated.requests, floor.requests), ''],
    [`${FEDERATED}: by part, JS + CSS (files)`, byPart(federated), '', '', ''],
    ...(federated.jsByLibrary && floor.jsByLibrary
      ? [[`${FEDERATED}: JS by library, gzip (estimated from source maps)`, byBytes(federated.jsByLibrary), byBytes(floor.jsByLibrary), '', '']]
      : []),
  ];
}

/** Home beside the federated floor: what the portal adds beyond federation itself. */
function homeBesideFederatedRows(home, federated) {
  const label = (text) => `${text} (${FEDERATED})`;
  return [
    [
      `home: JS (gzip) beside the ${FEDERATED}`,
      `${kib(home.jsBytes)} in ${home.jsFiles} files`,
      label(kib(federated.jsBytes)),
      times(home.jsBytes, federated.jsBytes),
      '',
    ],
    [`home: requests beside the ${FEDERATED}`, String(home.requests), label(String(federated.requests)), times(home.requests, federated.requests), ''],
    ...(home.jsByLibrary && federated.jsByLibrary
      ? [[`home: JS by library beside the ${FEDERATED}`, byBytes(home.jsByLibrary), label(byBytes(federated.jsByLibrary)), '', '']]
      : []),
  ];
}

/** The libraries the architecture prescribes (docs/architecture.md) that the floor page has no need of. */
const ARCHITECTURE_LIBRARIES = ['federation runtime', 'axios', 'FusionAuth SDK', 'zustand'];

const byBytes = (parts) =>
  Object.entries(parts)
    .sort(([, a], [, b]) => b - a)
    .map(([part, bytes]) => `${part} ${kib(bytes)}`)
    .join(', ');

/**
 * Home's JS by library beside the floor's (e2e/bench/bundle-parts.ts), and the least Home could weigh
 * with the architecture's libraries: the floor's JS plus theirs, before any code of the portal's own.
 */
function libraryRows(home, floor) {
  const prescribed = ARCHITECTURE_LIBRARIES.reduce((sum, part) => sum + (home.jsByLibrary[part] ?? 0), 0);
  const least = floor.jsBytes + prescribed;
  return [
    ['home: JS by library, gzip (estimated from source maps)', byBytes(home.jsByLibrary), byBytes(floor.jsByLibrary), '', ''],
    [
      `home: floor + the architecture's libraries (${ARCHITECTURE_LIBRARIES.join(', ')})`,
      kib(least),
      kib(floor.jsBytes),
      times(least, floor.jsBytes),
      'the least Home can weigh with them',
    ],
  ];
}

/** A difference with its sign: +217 ms, −689 ms. */
const signedMs = (difference) => `${difference < 0 ? '−' : '+'}${ms(Math.abs(difference))}`;

/** Lighthouse medians: the federated floor, landing and Home beside the floor (and Home's LCP beside the federated floor). */
function lighthouseRows(lighthouse) {
  if (!lighthouse) return [['Lighthouse', 'not measured yet (pnpm bench --only=lighthouse)', '', '', '']];
  const floor = lighthouse.pages.floor.median;
  const federated = lighthouse.pages.federatedFloor?.median;
  const rows = [];
  if (federated) {
    rows.push([`${FEDERATED}: performance score`, String(federated.score), String(floor.score), '–', '']);
    rows.push([`${FEDERATED}: LCP`, ms(federated.lcpMs), ms(floor.lcpMs), signedMs(federated.lcpMs - floor.lcpMs), '']);
    rows.push([`${FEDERATED}: TBT`, ms(federated.tbtMs), ms(floor.tbtMs), signedMs(federated.tbtMs - floor.tbtMs), '']);
  }
  for (const [name, { median }] of Object.entries(lighthouse.pages)) {
    if (name === 'floor' || name === 'federatedFloor') continue;
    const lcpGoal = name === 'home' ? floor.lcpMs + 300 : floor.lcpMs;
    rows.push([`${name}: performance score`, String(median.score), String(floor.score), '–', name === 'home' ? `≥ 95${mark(median.score >= 95)}` : '']);
    rows.push([
      `${name}: LCP`,
      ms(median.lcpMs),
      ms(floor.lcpMs),
      signedMs(median.lcpMs - floor.lcpMs),
      `${name === 'home' ? '≤ floor + 300 ms' : '≤ floor'}${mark(median.lcpMs <= lcpGoal)}`,
    ]);
    rows.push([`${name}: TBT`, ms(median.tbtMs), ms(floor.tbtMs), signedMs(median.tbtMs - floor.tbtMs), '']);
    rows.push([`${name}: CLS`, String(median.cls), String(floor.cls), '–', '']);
    if (name === 'home' && federated) {
      rows.push([`home: LCP beside the ${FEDERATED}`, ms(median.lcpMs), `${ms(federated.lcpMs)} (${FEDERATED})`, signedMs(median.lcpMs - federated.lcpMs), '']);
      rows.push([`home: TBT beside the ${FEDERATED}`, ms(median.tbtMs), `${ms(federated.tbtMs)} (${FEDERATED})`, signedMs(median.tbtMs - federated.tbtMs), '']);
    }
  }
  return rows;
}

/** The API's routes beside the bare Fastify route, per database. */
function apiRows(api) {
  if (!api) return [['API', 'not measured yet (pnpm bench --only=api)', '', '', '']];
  const goals = { 'GET .../payslips': { share: 0.5, p99: 20 }, 'GET payslip PDF': { share: 0.25 } };
  const rows = [];
  for (const [key, db] of Object.entries(api.databases)) {
    if (!db) {
      rows.push([`${key}`, 'no server: not measured', '', '', '']);
      continue;
    }
    const label = key === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    for (const route of db.routes) {
      const goal = goals[route.name];
      rows.push([
        `${label}: ${route.name}: requests/s`,
        String(route.api.requestsPerSecond),
        `${route.bare.requestsPerSecond} (bare)`,
        `${Math.round(route.shareOfBare * 100)}% of bare`,
        goal ? `≥ ${goal.share * 100}% of bare${mark(route.shareOfBare >= goal.share)}` : '',
      ]);
      rows.push([
        `${label}: ${route.name}: p99`,
        ms(route.api.p99Ms),
        `${ms(route.bare.p99Ms)} (bare)`,
        '–',
        goal?.p99 ? `< ${goal.p99} ms${mark(route.api.p99Ms < goal.p99)}` : '',
      ]);
    }
  }
  return rows;
}

/** The payslips route as payslips per answer and users in the database grow (PostgreSQL). */
function scaleRows(scale) {
  if (!scale) return [['scale', 'not measured yet (pnpm bench --only=scale)', '', '', '']];
  if (!scale.postgresql) return [['scale', 'no PostgreSQL server: not measured', '', '', '']];
  const { byPayslips, byUsers, payslipsPerGeneratedUser } = scale.postgresql;
  const base = byPayslips[0];
  const rows = byPayslips.map((step) => [
    `PostgreSQL: ${step.payslipsPerResponse} payslips per answer: p99`,
    `${ms(step.p99Ms)} (${step.requestsPerSecond}/s)`,
    `${ms(base.p99Ms)} (${base.payslipsPerResponse})`,
    times(step.p99Ms, base.p99Ms),
    '',
  ]);
  for (const step of byUsers) {
    rows.push([
      `PostgreSQL: ${step.users.toLocaleString('en-GB')} users, ${step.payslipRows.toLocaleString('en-GB')} payslip rows: p99`,
      `${ms(step.p99Ms)} (${step.requestsPerSecond}/s)`,
      `${ms(base.p99Ms)} (${base.users} users)`,
      times(step.p99Ms, base.p99Ms),
      `flat (${payslipsPerGeneratedUser} payslips each)`,
    ]);
  }
  return rows;
}

/** The import command on a generated pay run (api/bench/import.ts), per database: first run, then the same file again. */
function importRows(imported) {
  if (!imported) return [['import', 'not measured yet (pnpm bench --only=import)', '', '', '']];
  const rows = [];
  for (const [key, db] of Object.entries(imported.databases)) {
    const label = key === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    if (!db) {
      rows.push([label, 'no server: not measured', '', '', '']);
      continue;
    }
    for (const [run, figures] of [
      ['first import', db.first],
      ['same file again', db.again],
    ]) {
      rows.push([
        `${label}: ${run}, ${figures.rows.toLocaleString('en-GB')} rows`,
        `${seconds(figures.seconds)}, ${figures.rowsPerSecond.toLocaleString('en-GB')} rows/s, peak ${figures.peakRssMiB} MiB`,
        '',
        '–',
        '',
      ]);
    }
  }
  return rows;
}

function buildRows(build) {
  if (!build) return [['build', 'not measured yet (pnpm bench --only=build)', '', '', '']];
  return [
    [
      'cold build, five apps (wall)',
      `${seconds(build.cold.wallSeconds)} (Rspack ${seconds(build.cold.rspackSeconds)})`,
      `${seconds(build.floorSeconds)} (floor)${build.federatedFloorSeconds === undefined ? '' : `, ${seconds(build.federatedFloorSeconds)} (federated floor, host and remote)`}`,
      '–',
      '',
    ],
    [
      `rebuild of ${build.rebuild.app} after a one-line change (wall)`,
      `${seconds(build.rebuild.wallSeconds)} (Rspack ${seconds(build.rebuild.rspackSeconds)})`,
      '',
      '–',
      '',
    ],
  ];
}

export function renderTable(results) {
  const { front, lighthouse, api, scale, imported, build } = results;
  const sections = [
    [`First visit, gzip (${date(front?.measuredAt)})`, frontRows(front)],
    [`Lighthouse, mobile, median of ${lighthouse?.runsPerPage ?? 3} (${date(lighthouse?.measuredAt)})`, lighthouseRows(lighthouse)],
    [
      `API, autocannon ${api ? `${api.connections} connections, ${api.durationSeconds} s${api.rounds > 1 ? ` in ${api.rounds} turns with the bare route` : ''}` : ''} (${date(api?.measuredAt)})`,
      apiRows(api),
    ],
    [`Growth, GET .../payslips (${date(scale?.measuredAt)})`, scaleRows(scale)],
    [
      `Import of a ${imported ? imported.employees.toLocaleString('en-GB') : '10,000'}-employee pay run, one command (${date(imported?.measuredAt)})`,
      importRows(imported),
    ],
    [`Build (${date(build?.measuredAt)})`, buildRows(build)],
  ];
  const lines = ['| figure | portal | floor / bare / smallest | ratio | goal |', '|---|---|---|---|---|'];
  for (const [title, rows] of sections) {
    lines.push(`| **${title}** | | | | |`);
    for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  }
  return lines.join('\n');
}

export function writeTable() {
  const results = {
    front: read('front-end'),
    lighthouse: read('lighthouse'),
    api: read('api-routes'),
    scale: read('api-scale'),
    imported: read('api-import'),
    build: read('build'),
  };
  const table = renderTable(results);
  const notes = existsSync(NOTES) ? `\n${readFileSync(NOTES, 'utf8').trim()}\n` : '';
  const text = `# Performance

Written by \`pnpm bench\` (tools/bench.mjs) — do not edit by hand; notes go in bench/results/levers.md.
Measured on ${os.cpus().length} cores, Node ${process.version}. Every figure stands beside its floor from the same run: the
floor page (bench/floor: bare React 19 + React Router 7 built with the same Rspack, served by the same
static server), a bare Fastify route answering the same bytes from memory, or the smallest case. Home
also stands beside the ${FEDERATED} (bench/floor/federated: a bare host that reads one remote's
remoteEntry.js from its /config.json and renders the remote's one page through React Router, with the
portal's Module Federation runtime and settings, sharing React, react-dom and the router only; served by
the portal's host and remote servers). The detail of each section is in bench/results/. A ✓ or ✗ says
whether the goal is met.

${table}

- First visit: a fresh browser context with an empty cache asking for gzip, until the network is idle;
  signed-in pages as the demo user (Alex Morgan, Northwind). Requests count everything (HTML, scripts,
  styles, config, remote entries, API calls). "federation runtime" is the remotes' remoteEntry.js; the host's
  own copy of the runtime is inside its main chunk (part "host"). "By library" shares each file's gzip bytes
  among the packages its source map names, by the minified bytes each generated (e2e/bench/bundle-parts.ts):
  "federation runtime" there is every copy of Module Federation's runtime (the host's and remoteEntry.js's),
  "bundler runtime" Rspack's own start-up code.
- The ${FEDERATED}: index.html, /config.json (preloaded by the page), the host's main script (React,
  react-dom, the router and the federation runtime, all provided eagerly), the remote's remoteEntry.js and
  its page's chunk. Its scripts come one after another: remoteEntry.js only once main.js has run and read
  the config, the page's chunk only once remoteEntry.js has run. Home's boot.js fetches the config and
  preloads the remote's entry while main.js downloads, so Home's LCP can come in under this floor's.
- ${results.lighthouse?.settings?.split(',')[0] ?? 'Lighthouse'}, mobile defaults (simulated 150 ms RTT, 1.6 Mbps, 4× CPU), Debian's Chromium; Home
  audited in the browser the demo user signed into (only the HTTP cache cleared between runs).
- Import: \`pnpm --filter api run import\` in a process of its own on a generated file (one employment record
  and one payslip per employee, api/bench/pay-run-generator.ts); the time is the import's own (as the
  command prints it, without Node's start), the memory the process's peak resident size.
- API: autocannon runs in the bench's own process on the same 2-core machine as the API, so every
  figure is lower than on a machine of its own; the bare route pays the same tax. Each route and its
  bare route take turns in short windows (the order alternating), and each figure adds up its windows:
  p99 is the worst window's. The share in each turn is in bench/results/api-routes.json (shareByRound).
${notes}`;
  writeFileSync(OUT, text);
  return table;
}

if (process.argv[1] === import.meta.filename) console.log(writeTable());
