import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run); Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium with the flags this machine needs: no sandbox (root), and no background
 * networking, since every connection outside the machine is refused.
 */
export async function launchBrowser(): Promise<Browser> {
  // Playwright gives every launch a fresh temporary profile of its own.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
