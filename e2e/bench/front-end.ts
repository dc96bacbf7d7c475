// `pnpm bench --only=front`: what each first page downloads — landing (signed out), Home, Payslips
// and Documents (signed in as the demo user) — beside the two floors: the floor page (bench/floor)
// and the federated floor (bench/floor/federated: a bare host loading one remote's page), served as
// the portal is served on ports of their own (e2e/bench/floor-server.ts); in gzip, split into the
// host, each remote, shared libraries, @portal/shared and the federation runtime (remoteEntry.js).
// Needs the portal running as `pnpm start` runs it and the floors built (tools/bench.mjs does both).
// Writes bench/results/front-end.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { demoSession } from '../support/session';
import { FEDERATED_FLOOR_DIR, serveFederatedFloor, serveFloor } from './floor-server';
import { addParts, fileParts, type PartBytes } from './bundle-parts';
import { measurePage, type PageWeight, type Transfer } from './page-weight';

const ROOT = path.resolve(__dirname, '..', '..');
const PORTAL = 'http://localhost:8080';
/** What the federated floor's builds name their manifest (bench/floor/federated/federation.mjs: the plugin's default). */
const FEDERATED_FLOOR_MANIFEST = 'mf-manifest.json';

type AppsTable = { manifest: string; host: { package: string; port: number }; remotes: { package: string; key: string; port: number }[] };
type Manifest = { shared: { name: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }[] };

/**
 * A built app as a page downloads it: its build folder, the port it is served on, the part its files
 * count under ("host", "remote pay") and the name its own code is counted under by library ("host app").
 */
export type ServedApp = { dir: string; port: string; part: string; label: string };

/** The portal's apps (shared/src/remotes.json) and the name of the manifest each build writes. */
function portalApps(): { apps: ServedApp[]; manifest: string } {
  const table = JSON.parse(readFileSync(path.join(ROOT, 'shared', 'src', 'remotes.json'), 'utf8')) as AppsTable;
  const apps = [
    { dir: path.join(ROOT, table.host.package), port: String(table.host.port), part: 'host', label: 'host app' },
    ...table.remotes.map((r) => ({ dir: path.join(ROOT, r.package), port: String(r.port), part: `remote ${r.key}`, label: r.package })),
  ];
  return { apps, manifest: table.manifest };
}

/** The federated floor's two apps (bench/floor/federated), served on the ports of this run. */
export function federatedFloorApps(hostUrl: string, remoteUrl: string): ServedApp[] {
  return [
    { dir: path.join(FEDERATED_FLOOR_DIR, 'host'), port: new URL(hostUrl).port, part: 'floor host', label: 'floor host app' },
    { dir: path.join(FEDERATED_FLOOR_DIR, 'remote'), port: new URL(remoteUrl).port, part: 'floor remote', label: 'floor remote app' },
  ];
}

/**
 * Where a downloaded file belongs: its app (by port), unless it is a shared module or a remote entry.
 * `sharedModules` answers what the app's manifest lists as a shared module's file (its build's mf-manifest.json).
 */
export function fileClassifier(apps: ServedApp[], sharedModules: (app: ServedApp) => Manifest['shared']): (url: string) => string {
  const sharedFiles = new Map<string, string>();
  for (const app of apps) {
    for (const shared of sharedModules(app)) {
      const files = [...shared.assets.js.sync, ...shared.assets.js.async, ...shared.assets.css.sync, ...shared.assets.css.async];
      for (const file of files) sharedFiles.set(`${app.port}/${file}`, shared.name.startsWith('@portal/shared') ? '@portal/shared' : 'shared libraries');
    }
  }
  return (url: string) => {
    const { port, pathname } = new URL(url);
    const file = pathname.replace(/^\//, '');
    if (file.endsWith('remoteEntry.js')) return 'federation runtime';
    const appPart = apps.find((app) => app.port === port)?.part ?? 'other';
    // An app's entry chunk is its own, also when a shared module is provided eagerly inside it (the host's styles).
    if (/^main\.[0-9a-f]+\.(js|css)$/.test(file)) return appPart;
    return sharedFiles.get(`${port}/${file}`) ?? appPart;
  };
}

/** The shared modules an app's build lists in its manifest. */
const manifestShared = (manifest: string) => (app: ServedApp) => (JSON.parse(readFileSync(path.join(app.dir, 'dist', manifest), 'utf8')) as Manifest).shared;

/** A downloaded file's app: its build folder and the name its own code is counted under. */
type AppOfUrl = (url: string) => { dir: string; label: string } | undefined;

const appByPort =
  (apps: ServedApp[]): AppOfUrl =>
  (url) =>
    apps.find((app) => app.port === new URL(url).port);

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
  const federatedServer = await serveFederatedFloor();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const portal = portalApps();
    const classify = fileClassifier(portal.apps, manifestShared(portal.manifest));
    const apps = appByPort(portal.apps);
    const federatedApps = federatedFloorApps(federatedServer.url, federatedServer.remoteUrl);
    const floor = await measurePage(browser, floorServer.url, { ready: heading('Your pay, in one place') });
    const federatedFloor = await measurePage(browser, federatedServer.url, { ready: heading('Your pay, in one place') });
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
        federatedFloor: figures(federatedFloor, fileClassifier(federatedApps, manifestShared(FEDERATED_FLOOR_MANIFEST)), appByPort(federatedApps)),
        landing: figures(landing, classify, apps),
        home: figures(home, classify, apps),
        payslips: figures(payslips, classify, apps),
        documents: figures(documents, classify, apps),
      },
    };
  } finally {
    await browser.close();
    await Promise.all([floorServer.close(), federatedServer.close()]);
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
