import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, open, VIEWPORTS } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const homeLabel = (page: Page) => page.locator('[data-testid="tab-bar"] [data-testid="tab-item-home"]').innerText();

describe('languages: English by default, system or a chosen language, relabelled at once', () => {
  it('defaults to English', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone, locale: 'tr-TR' });
    const page = await context.newPage();
    await open(page, '/pages/index/index');
    expect(await homeLabel(page)).toBe('Home');
    await context.close();
  });

  it('switching to zh, tr and en on the language page relabels the tab bar and persists', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await open(page, '/pages/user/Language');
    const expected: Record<string, string> = { zh: '首页', tr: 'Ana Sayfa', en: 'Home' };
    for (const language of ['zh', 'tr', 'en']) {
      await page.click(`[data-testid="language-option-${language}"]`);
      await page.waitForFunction((lang) => localStorage.getItem('language') === lang, language);
      await page.goto('/pages/index/index');
      await page.waitForSelector('[data-testid="tab-bar"]');
      expect(await homeLabel(page), language).toBe(expected[language]);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await page.goto('/pages/user/Language');
    }
    await context.close();
  });

  it('relabels the visible sidebar at once, without a reload', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await open(page, '/pages/user/Language');
    await page.click('[data-testid="language-option-zh"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"] [data-testid="tab-item-home"]')?.textContent?.includes('首页'),
      undefined,
      { timeout: 1_000 },
    );
    await context.close();
  });

  it('system follows a Turkish browser', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone, locale: 'tr-TR', storage: { language: 'system' } });
    const page = await context.newPage();
    await open(page, '/pages/index/index');
    expect(await homeLabel(page)).toBe('Ana Sayfa');
    await context.close();
  });

  it('system maps an unlisted browser language to English', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone, locale: 'de-DE', storage: { language: 'system' } });
    const page = await context.newPage();
    await open(page, '/pages/index/index');
    expect(await homeLabel(page)).toBe('Home');
    await context.close();
  });
});
