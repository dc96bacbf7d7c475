// What a page's downloaded JavaScript is made of, by library: each file's gzip bytes shared out
// among the packages its source map names, in proportion to the minified bytes each one generated.
// An estimate (gzip does not compress every part alike), good to a few per cent, and the only way to
// say how much of Home is the architecture's own libraries (federation runtime, axios, FusionAuth's
// SDK) rather than React, React Router and the app. Reads the hidden source maps every production
// build writes beside dist/ (tools/rspack/create-config.mjs `sourceMapDir`; bench/floor likewise).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/** Gzip bytes by library, for one page or one file. */
export type PartBytes = Record<string, number>;

/** Libraries grouped as the architecture speaks of them; anything else in node_modules is "other libraries". */
const LIBRARY_GROUPS: [RegExp, string][] = [
  [/^(react-dom|scheduler)$/, 'react-dom'],
  [/^react$/, 'react'],
  [/^(react-router|react-router-dom|cookie|set-cookie-parser)$/, 'react-router'],
  [/^@module-federation\//, 'federation runtime'],
  [/^axios$/, 'axios'],
  [/^@fusionauth\//, 'FusionAuth SDK'],
  [/^@tanstack\//, 'TanStack Query'],
  [/^zustand$/, 'zustand'],
  [/^@lingui\//, 'Lingui'], // the language layer (@portal/shared/i18n)
];

/** The bundler's runtime modules that exist only for federation (sharing, remotes, consumes). */
const FEDERATION_RUNTIME_MODULE = /webpack\/runtime\/(consumes|sharing|remotes|initialize_sharing|embed_federation|federation|share)/;

/** The group of one source of a source map, e.g. `webpack://host/../node_modules/.pnpm/axios@1/node_modules/axios/lib/utils.js`. */
export function partOfSource(source: string, app: string): string {
  const inPackages = source.lastIndexOf('/node_modules/');
  if (inPackages >= 0) {
    const [scope, name] = source.slice(inPackages + '/node_modules/'.length).split('/');
    const pkg = scope?.startsWith('@') ? `${scope}/${name}` : scope!;
    return LIBRARY_GROUPS.find(([test]) => test.test(pkg))?.[1] ?? 'other libraries';
  }
  if (FEDERATION_RUNTIME_MODULE.test(source)) return 'federation runtime';
  if (/webpack\/(runtime|bootstrap)/.test(source)) return 'bundler runtime';
  if (/(^|\/)shared\/src\//.test(source)) return '@portal/shared';
  // Federation's generated start-up code is named by its (URL-encoded) text.
  if (source.includes('%')) return 'federation runtime';
  return app;
}

/** The minified bytes each part generated in `code`; bytes no mapping covers go to "bundler runtime". */
function minifiedBytesByPart(code: string, map: RawSourceMap, app: string): PartBytes {
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const mappings: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping((m) => mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }), null, SourceMapConsumer.GENERATED_ORDER);
  const bytes: PartBytes = {};
  let mapped = 0;
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const end = next && next.line === m.line ? next.column : (lines[m.line - 1]?.length ?? m.column);
    const part = m.source ? partOfSource(m.source, app) : 'bundler runtime';
    bytes[part] = (bytes[part] ?? 0) + (end - m.column);
    mapped += end - m.column;
  });
  const unmapped = code.length - mapped;
  if (unmapped > 0) bytes['bundler runtime'] = (bytes['bundler runtime'] ?? 0) + unmapped;
  return bytes;
}

/**
 * `gzipBytes` (the file as transferred) shared out by part, for the file `file` of the app built in
 * `appDir` (its dist/ and sourcemaps/). Undefined when the build left no source map for it.
 */
export function fileParts(appDir: string, app: string, file: string, gzipBytes: number): PartBytes | undefined {
  const mapFile = path.join(appDir, 'sourcemaps', `${file}.map`);
  const codeFile = path.join(appDir, 'dist', file);
  if (!existsSync(mapFile) || !existsSync(codeFile)) return undefined;
  const code = readFileSync(codeFile, 'utf8');
  const minified = minifiedBytesByPart(code, JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap, app);
  const total = Object.values(minified).reduce((sum, n) => sum + n, 0);
  return Object.fromEntries(Object.entries(minified).map(([part, n]) => [part, Math.round((gzipBytes * n) / total)]));
}

/** Adds `parts` into `into` (a page's total). */
export function addParts(into: PartBytes, parts: PartBytes): PartBytes {
  for (const [part, n] of Object.entries(parts)) into[part] = (into[part] ?? 0) + n;
  return into;
}
