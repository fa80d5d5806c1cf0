import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, never a downloaded one; the flags keep it off the (closed) network. Used by
 * the e2e specs and by `npm run bench` (which adds an autoplay flag).
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
