// Budget figure: the JavaScript a page downloads, as transferred (gzip from the static servers),
// measured in Debian's Chromium against a running portal (`pnpm start`). Prints one JSON line.
//   ../api/node_modules/.bin/tsx bench/first-page-js.ts [path]   (default path: /)
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { measurePage } from './page-weight';

export async function measurePageJs(path = '/', baseUrl = 'http://localhost:8080') {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const weight = await measurePage(browser, new URL(path, baseUrl).href);
    const detail = weight.transfers.filter((transfer) => transfer.kind === 'js');
    return { path, files: weight.jsFiles, gzippedBytes: weight.jsBytes, requests: weight.requests, detail };
  } finally {
    await browser.close();
  }
}

if (process.argv[1]?.endsWith('first-page-js.ts')) {
  measurePageJs(process.argv[2] ?? '/')
    .then(({ detail: _detail, ...summary }) => console.log(JSON.stringify(summary)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
