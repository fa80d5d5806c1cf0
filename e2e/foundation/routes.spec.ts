import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, open, VIEWPORTS } from '../support/browser.js';
import { SPEC_ROUTES } from '../support/spec-routes.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('every route of the product', () => {
  it('loads by direct navigation (history fallback) with the right nav bar and the product name as title', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    for (const route of SPEC_ROUTES) {
      const response = await page.goto(`${route.path}?from=e2e`);
      expect(response?.status(), route.path).toBe(200);
      await page.waitForSelector('[data-testid="app-shell"]');
      expect(new URL(page.url()).pathname, route.path).toBe(route.path);
      expect(new URL(page.url()).searchParams.get('from'), `${route.path} keeps its query`).toBe('e2e');
      await expect(page.title()).resolves.toBe('Cliffhanger');
      const text = await page.locator('body').innerText();
      expect(text, route.path).not.toContain('System Error');
      expect(text, route.path).not.toContain('Navigation failed');
      if (!route.video) {
        const kind = await page.locator('[data-testid="nav-bar"]').first().getAttribute('data-nav-kind');
        expect(kind, route.path).toBe(route.nav);
      }
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('treats / as home and sends an unknown path home', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '/');
    await expect(page.locator('[data-testid="tab-item-home"]').getAttribute('aria-current')).resolves.toBe('page');
    await open(page, '/no/such/page');
    await page.waitForFunction(() => ['/', '/pages/index/index'].includes(location.pathname));
    await expect(page.locator('[data-testid="tab-item-home"]').getAttribute('aria-current')).resolves.toBe('page');
    await context.close();
  });

  it('answers an unknown API path with code 10002, never the web app', async () => {
    const context = await newContext(browser);
    const response = await context.request.get('/api/v1/no-such-endpoint');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 10002 });
    await context.close();
  });
});
