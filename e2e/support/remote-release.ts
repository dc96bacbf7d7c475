// A remote's team releasing on its own: a copy of the remote's sources with one more page, built into a
// folder of its own with the portal's build config (nothing of the host is built), or a copy of its
// built files without its page list, as a deployment that failed to publish it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const runDir = path.join(root, 'e2e', '.run');

export type ExtraPage = { name: string; path: string; menuLabel: string; menuOrder: number; heading: string };

/** Builds remote-pay's sources plus `page` into a folder of its own; returns its dist folder. */
export function buildPayWithExtraPage(page: ExtraPage): string {
  const appDir = path.join(runDir, `remote-pay-with-${page.name}`);
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  const remoteDir = path.join(root, 'remote-pay');
  cpSync(path.join(remoteDir, 'src'), path.join(appDir, 'src'), { recursive: true });
  cpSync(path.join(remoteDir, 'package.json'), path.join(appDir, 'package.json'));
  // Its dependencies as installed for remote-pay (React, @portal/shared…).
  symlinkSync(path.join(remoteDir, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');

  writeFileSync(
    path.join(appDir, 'src', 'exposed', `${page.name}.tsx`),
    `import { PageHeading } from '@portal/shared/ui/PageHeading';\n\n` +
      `export default function ${page.name}() {\n  return <PageHeading>${page.heading}</PageHeading>;\n}\n`,
  );
  const pagesFile = path.join(appDir, 'src', 'pages.ts');
  const pages = readFileSync(pagesFile, 'utf8');
  const entry = `  { expose: './${page.name}', paths: { signedIn: ['${page.path}'] }, menu: { label: '${page.menuLabel}', order: ${page.menuOrder} } },\n]);`;
  if (!pages.trimEnd().endsWith(']);')) throw new Error('remote-pay/src/pages.ts no longer ends its list with "]);"');
  writeFileSync(pagesFile, pages.trimEnd().replace(/\]\);$/, entry) + '\n');

  execFileSync(process.execPath, [path.join(__dirname, 'build-remote.mjs'), appDir], { cwd: root, stdio: 'pipe' });
  return path.join(appDir, 'dist');
}

/** A copy of a built remote's files without its page list (pages.json); returns the copy's folder. */
export function copyWithoutPageList(appName: string): string {
  const copy = path.join(runDir, `${appName}-without-page-list`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(root, appName, 'dist'), copy, { recursive: true });
  rmSync(path.join(copy, 'pages.json'));
  return copy;
}
