// Budget figure: the JavaScript a page downloads, as transferred (gzip from the static servers),
// measured in Debian's Chromium against a running portal (`pnpm start`). Prints one JSON line.
//   ../api/node_modules/.bin/tsx bench/first-page-js.ts [path]   (default path: /)
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';

export type JsTransfer = { url: string; bytes: number; encoding: string | null };

export async function measurePageJs(path = '/', baseUrl = 'http://localhost:8080') {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    // The budget is in gzip: ask for it (Chromium would otherwise get Brotli from the servers).
    const page = await browser.newPage({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
    const transfers: Promise<JsTransfer>[] = [];
    page.on('requestfinished', (request) => {
      const url = request.url();
      if (!/\.js(\?|$)/.test(url)) return;
      transfers.push(
        (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          return {
            url,
            bytes: sizes.responseBodySize,
            encoding: (await response?.headerValue('content-encoding')) ?? null,
          };
        })(),
      );
    });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    const files = await Promise.all(transfers);
    return { path, files: files.length, gzippedBytes: files.reduce((sum, file) => sum + file.bytes, 0), detail: files };
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
