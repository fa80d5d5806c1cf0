import { getAppConfig } from '@cliffhanger/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, open, VIEWPORTS } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the client talks to the server as the product rules say', () => {
  it('sends the silent check-in at launch with the refresh token, and shows no error for it', async () => {
    const context = await newContext(browser, {
      viewport: VIEWPORTS.phone,
      storage: {
        token: 'access-token-e2e',
        refresh_token: 'refresh-token-e2e',
        user_info: JSON.stringify({
          uid: 1,
          avatar: '',
          nickname: 'E2E',
          username: null,
          coin: 0,
          vip: { active: false, expires_at: null },
          invite_code: 'ABCDEFGH',
          phone_masked: null,
          has_password: false,
          created_at: '2026-11-21T00:00:00.000Z',
        }),
      },
    });
    const page = await context.newPage();
    const checkin = page.waitForRequest((r) => r.url().endsWith('/api/v1/task/checkin') && r.method() === 'POST');
    await open(page, '/pages/index/index');
    const request = await checkin;
    expect(request.headers().authorization).toBe('refresh-token-e2e');
    // Whatever the server answered, the launch call is silent. These tokens are unknown to the
    // server, so the session ends and the one toast says so; nothing is said about the check-in.
    await page.waitForTimeout(300);
    const toasts = await page.locator('[data-testid="toast"]').allInnerTexts();
    expect(toasts.filter((text) => text !== 'Please sign in again')).toEqual([]);
    await context.close();
  });

  it('sends no check-in for a visitor', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/task/checkin')) calls.push(r.url());
    });
    await open(page, '/pages/index/index');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    await context.close();
  });

  it("shows 'Network Error' when the API cannot be reached", async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await open(page, '/pages/download/index');
    await context.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
    await page.goto('/pages/user/Language');
    await page.goto('/pages/download/index');
    await page.locator('[data-testid="toast"]', { hasText: 'Network Error' }).waitFor();
    await context.close();
  });

  it('without an App Store page configured, the download page offers the web app by QR code, no dead link', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await open(page, '/pages/download/index');
    const config = await apiFor(baseUrl()).call(getAppConfig);
    expect(config.data.ios_app_url).toBeNull();
    // The text and the code appear once app config has loaded.
    await page.locator('[data-testid="download-ios-pending"]').waitFor();
    expect(await page.locator('[data-testid="download-ios-pending"]').innerText()).toContain('configured by the operator');
    expect(await page.locator('a[href*="apps.apple.com"]').count()).toBe(0);
    const qr = page.locator('[data-testid="download-web-qr"] img[src^="data:image"]');
    await qr.waitFor();
    expect(await qr.getAttribute('alt')).toBe('QR code linking to Cliffhanger on the web');
    await context.close();
  });
});
