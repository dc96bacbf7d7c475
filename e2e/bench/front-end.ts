// `pnpm bench --only=front`: what each first page downloads — landing (signed out), Home, Payslips
// and Documents (signed in as the demo user) — beside the floor page (bench/floor, served by the
// same static server on a port of its own), in gzip, split into the host, each remote, shared
// libraries, @portal/shared and the federation runtime (remoteEntry.js). Needs the portal running
// as `pnpm start` runs it and bench/floor/dist built (tools/bench.mjs does both). Writes
// bench/results/front-end.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { demoSession } from '../support/session';
import { serveFloor } from './floor-server';
import { addParts, fileParts, type PartBytes } from './bundle-parts';
import { measurePage, type PageWeight, type Transfer } from './page-weight';

const ROOT = path.resolve(__dirname, '..', '..');
const PORTAL = 'http://localhost:8080';

type AppsTable = { manifest: string; host: { package: string; port: number }; remotes: { package: string; key: string; port: number }[] };
type Manifest = { shared: { name: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }[] };

/** Where a downloaded file belongs: its app (by port), unless it is a shared module or a remote entry. */
export function fileClassifier(): (url: string) => string {
  const table = JSON.parse(readFileSync(path.join(ROOT, 'shared', 'src', 'remotes.json'), 'utf8')) as AppsTable;
  const apps = [
    { package: table.host.package, label: 'host', port: table.host.port },
    ...table.remotes.map((r) => ({ package: r.package, label: `remote ${r.key}`, port: r.port })),
  ];
  const sharedFiles = new Map<string, string>();
  for (const app of apps) {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, app.package, 'dist', table.manifest), 'utf8')) as Manifest;
    for (const shared of manifest.shared) {
      const files = [...shared.assets.js.sync, ...shared.assets.js.async, ...shared.assets.css.sync, ...shared.assets.css.async];
      for (const file of files) sharedFiles.set(`${app.port}/${file}`, shared.name.startsWith('@portal/shared') ? '@portal/shared' : 'shared libraries');
    }
  }
  return (url: string) => {
    const { port, pathname } = new URL(url);
    const file = pathname.replace(/^\//, '');
    if (file.endsWith('remoteEntry.js')) return 'federation runtime';
    const appLabel = apps.find((app) => String(app.port) === port)?.label ?? 'other';
    // An app's entry chunk is its own, also when a shared module is provided eagerly inside it (the host's styles).
    if (/^main\.[0-9a-f]+\.(js|css)$/.test(file)) return appLabel;
    const shared = sharedFiles.get(`${port}/${file}`);
    if (shared) return shared;
    return appLabel;
  };
}

/** A downloaded file's app: its build folder and the name its own code is counted under. */
type AppOfUrl = (url: string) => { dir: string; label: string } | undefined;

/** The portal's apps by port (shared/src/remotes.json). */
function portalApps(): AppOfUrl {
  const table = JSON.parse(readFileSync(path.join(ROOT, 'shared', 'src', 'remotes.json'), 'utf8')) as AppsTable;
  const apps = [{ package: table.host.package, port: table.host.port }, ...table.remotes];
  return (url) => {
    const app = apps.find((a) => String(a.port) === new URL(url).port);
    return app && { dir: path.join(ROOT, app.package), label: app.package === table.host.package ? 'host app' : app.package };
  };
}

const floorApp: AppOfUrl = () => ({ dir: path.join(ROOT, 'bench', 'floor'), label: 'floor app' });

/** The page's JS in gzip bytes by library (e2e/bench/bundle-parts.ts); files without a source map count as "unmapped". */
function jsByLibrary(code: Transfer[], appOf: AppOfUrl): PartBytes {
  const total: PartBytes = {};
  for (const t of code.filter((c) => c.kind === 'js')) {
    const app = appOf(t.url);
    const parts = app && fileParts(app.dir, app.label, path.basename(new URL(t.url).pathname), t.bytes);
    addParts(total, parts ?? { unmapped: t.bytes });
  }
  return total;
}

type PageFigures = Omit<PageWeight, 'transfers'> & {
  byPart: Record<string, { js: number; css: number; files: number }>;
  /** The JS's gzip bytes by library (an estimate from the source maps). */
  jsByLibrary: PartBytes;
  files: { url: string; bytes: number; part: string }[];
};

function figures(weight: PageWeight, classify: (url: string) => string, appOf: AppOfUrl): PageFigures {
  const { transfers, ...rest } = weight;
  const byPart: PageFigures['byPart'] = {};
  const code = transfers.filter((t: Transfer) => t.kind !== 'other');
  for (const t of code) {
    const part = (byPart[classify(t.url)] ??= { js: 0, css: 0, files: 0 });
    part[t.kind as 'js' | 'css'] += t.bytes;
    part.files += 1;
  }
  const uncompressed = code.filter((t) => t.bytes > 1024 && t.encoding !== 'gzip');
  if (uncompressed.length > 0) throw new Error(`not gzipped: ${uncompressed.map((t) => t.url).join(', ')}`);
  return { ...rest, byPart, jsByLibrary: jsByLibrary(code, appOf), files: code.map((t) => ({ url: t.url, bytes: t.bytes, part: classify(t.url) })) };
}

const heading = (name: string) => async (page: Page) => {
  await page.getByRole('heading', { level: 1, name }).waitFor();
};

export async function measureFrontEnd() {
  const floorServer = await serveFloor();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const classify = fileClassifier();
    const apps = portalApps();
    const floor = await measurePage(browser, floorServer.url, { ready: heading('Your pay, in one place') });
    const landing = await measurePage(browser, `${PORTAL}/`, { ready: heading('Your pay, in one place') });
    const storageState = await demoSession(browser, PORTAL);
    const home = await measurePage(browser, `${PORTAL}/`, { storageState, ready: heading('Home') });
    const payslips = await measurePage(browser, `${PORTAL}/payslips`, { storageState, ready: heading('Payslips') });
    const documents = await measurePage(browser, `${PORTAL}/documents`, { storageState, ready: heading('Documents') });
    return {
      measuredAt: new Date().toISOString(),
      encoding: 'gzip',
      pages: {
        floor: figures(floor, () => 'floor', floorApp),
        landing: figures(landing, classify, apps),
        home: figures(home, classify, apps),
        payslips: figures(payslips, classify, apps),
        documents: figures(documents, classify, apps),
      },
    };
  } finally {
    await browser.close();
    await floorServer.close();
  }
}

if (process.argv[1]?.endsWith('front-end.ts')) {
  measureFrontEnd()
    .then((result) => {
      const out = path.join(ROOT, 'bench', 'results', 'front-end.json');
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
      for (const [name, page] of Object.entries(result.pages)) {
        console.log(
          `front: ${name}: JS ${(page.jsBytes / 1024).toFixed(1)} KiB in ${page.jsFiles} files, CSS ${(page.cssBytes / 1024).toFixed(1)} KiB, ${page.requests} requests`,
        );
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
