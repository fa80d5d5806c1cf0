import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';

/** Debian's Chromium with the e2e flags (support/chromium.ts). */
export const launchBrowser = (): Promise<Browser> => launchChromium();

let sharedServer: string | undefined;

/** Set for each spec file by server-lease.ts: the shared server it leased. */
export function useSharedServer(url: string): void {
  sharedServer = url;
}

/** The shared server (demo catalogue) this spec file leased. */
export function baseUrl(): string {
  if (!sharedServer) throw new Error('no shared server leased: e2e/support/server-lease.ts runs before each spec file');
  return sharedServer;
}

export interface ViewportSize {
  width: number;
  height: number;
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 800, height: 1000 },
  small: { width: 960, height: 800 },
  desktop: { width: 1280, height: 800 },
} as const satisfies Record<string, ViewportSize>;

export async function newContext(
  browser: Browser,
  options: { viewport?: ViewportSize; locale?: string; storage?: Record<string, string> } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? VIEWPORTS.phone,
    locale: options.locale ?? 'en-US',
  });
  if (options.storage) {
    await context.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem('__e2e_seeded')) return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      sessionStorage.setItem('__e2e_seeded', '1');
    }, options.storage);
  }
  return context;
}

/** Opens a path and waits until the app has rendered its shell. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector('[data-testid="app-shell"]');
}
