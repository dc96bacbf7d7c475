// Debian's Chromium (never a browser that Playwright downloads): /usr/bin/chromium or CHROMIUM_PATH.
import { existsSync } from 'node:fs';

const INSTALL_CHROMIUM = 'apt-get update && apt-get install -y chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function assertChromiumInstalled(): void {
  if (!existsSync(chromiumPath())) {
    throw new Error(`Chromium was not found at ${chromiumPath()}. Install it with: ${INSTALL_CHROMIUM}`);
  }
}

// This machine's network is closed: without these, Chromium keeps trying to reach Google's hosts.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
