// Builds the API into plain JavaScript for production: `pnpm --filter api build` writes api/dist/.
// Production runs `node dist/main.js`; tsx is for development and tests only.
//
// One CommonJS bundle per entry, of our own code only (src/ and @portal/shared, which ships as
// TypeScript): every package the API depends on stays a require() resolved from api/node_modules at
// run time, so native addons and data files (better-sqlite3, pdfkit's fonts) load as installed.
// The worker threads' entries keep the names their pools ask for beside the bundle (worker.cjs, ...).
import { cp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const API_DIR = import.meta.dirname;
const OUT_DIR = path.join(API_DIR, 'dist');

/** Output file (in dist/) → source entry. */
export const API_ENTRIES = {
  'main.js': 'src/main.ts',
  'employer-key.js': 'src/employer-api/key-cli.ts',
  'employer-admin.js': 'src/employer-console/admin-cli.ts',
  'import.js': 'src/employer-api/import-cli.ts',
  // Worker threads: the names match what each pool loads from beside its own module.
  'worker.cjs': 'src/files/pdf/worker-tasks.ts',
  'pay-run-worker.cjs': 'src/employer-api/pay-run-worker-tasks.ts',
  'upload-worker.cjs': 'src/employer-console/upload-worker-tasks.ts',
};

/**
 * A migration is named by its file (`migrationName(__filename)`, db/migrations/types.ts); in one bundle
 * every module's __filename would be the bundle's, so each migration file keeps its own path.
 */
const migrationFileNames = {
  name: 'migration-file-names',
  setup(build) {
    build.onLoad({ filter: /[\\/]db[\\/]migrations[\\/]\d{3}-[^\\/]+\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('__filename', JSON.stringify(args.path)),
      loader: 'ts',
    }));
  },
};

const STAMP = '.build-stamp';

async function newestMtime(target) {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target, { withFileTypes: true });
  const times = await Promise.all(entries.filter((e) => e.name !== 'node_modules').map((e) => newestMtime(path.join(target, e.name))));
  return Math.max(info.mtimeMs, ...times);
}

/** Stale when the API's sources, @portal/shared's, this file or the API's dependencies changed after the last build. */
async function isStale() {
  const built = await newestMtime(path.join(OUT_DIR, STAMP));
  if (!built) return true;
  const inputs = ['src', '../shared/src', 'build.mjs', 'package.json'].map((part) => path.join(API_DIR, part));
  return Math.max(...(await Promise.all(inputs.map(newestMtime)))) > built;
}

/**
 * Builds api/dist (only when stale with `onlyStale`). The new build is written beside dist/ and
 * swapped in whole, so an API already running from dist/ never loads a half-written worker file.
 */
export async function buildApi({ onlyStale = false } = {}) {
  if (onlyStale && !(await isStale())) return;
  const started = performance.now();
  const pkg = JSON.parse(await readFile(path.join(API_DIR, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => name !== '@portal/shared');
  const next = `${OUT_DIR}.${process.pid}.next`;
  const old = `${OUT_DIR}.${process.pid}.old`;
  await rm(next, { recursive: true, force: true });
  await Promise.all(
    Object.entries(API_ENTRIES).map(([outfile, entry]) =>
      build({
        entryPoints: [path.join(API_DIR, entry)],
        outfile: path.join(next, outfile),
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node24',
        external: [...external, ...external.map((name) => `${name}/*`)],
        sourcemap: 'linked',
        plugins: [migrationFileNames],
        logLevel: 'warning',
      }),
    ),
  );
  // The PDF worker reads the fonts it embeds beside its own file (files/pdf/fonts.ts), with their licence.
  await cp(path.join(API_DIR, 'src', 'files', 'pdf', 'fonts'), path.join(next, 'fonts'), { recursive: true, filter: (from) => !from.endsWith('.sh') });
  await writeFile(path.join(next, STAMP), new Date().toISOString());
  await rename(OUT_DIR, old).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  // Another build may have swapped its own in meanwhile: theirs is as new as ours.
  await rename(next, OUT_DIR).catch(() => rm(next, { recursive: true, force: true }));
  await rm(old, { recursive: true, force: true });
  console.log(`build: api in ${Math.round(performance.now() - started)} ms (${Object.keys(API_ENTRIES).length} entries in api/dist)`);
}

// No top-level await: the benches, run by tsx as CommonJS, require() this module (through
// tools/api-process.mjs), and Node.js cannot require a module that awaits at its top level.
if (import.meta.url === `file://${process.argv[1]}`) {
  buildApi({ onlyStale: process.argv.includes('--stale') }).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
