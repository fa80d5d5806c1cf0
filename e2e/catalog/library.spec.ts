import type { DramaCard, DramaDetail, Page as ListPage } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * The list tab (favourites) and the history page against a server of their own (with the fake
 * SMS sink, to sign in) and its demo catalogue. Favourites and progress are written through the
 * API with the signed-in viewer's token, as the video pages would; the pages must show them,
 * newest first, continue at the saved episode, and remove / clear them.
 */
let browser: Browser;
let world: AccountsWorld;

beforeAll(async () => {
  world = await startAccountsWorld();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport: VIEWPORTS.phone, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

/** Calls the API from the page with the viewer's token, as the app does. */
async function apiCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ code: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('refresh_token') ?? localStorage.getItem('token') ?? '';
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; data: T };
    },
    { method, path, body },
  );
}

async function someDramas(page: Page, count: number): Promise<DramaCard[]> {
  const res = await apiCall<ListPage<DramaCard>>(page, 'GET', '/dramas?sort=az');
  expect(res.code).toBe(200);
  expect(res.data.list.length).toBeGreaterThanOrEqual(count);
  return res.data.list.slice(0, count);
}

const ids = (page: Page, testId: string) =>
  page.$$eval(`[data-testid="${testId}"]`, (items) => items.map((item) => Number(item.getAttribute('data-drama-id'))));

describe('favourites and history in the browser', () => {
  it('asks a visitor to sign in on both pages', async () => {
    const { context, page } = await freshPage();
    for (const path of ['/pages/my-collect/index', '/pages/my-history/index']) {
      await page.goto(path);
      await page.locator('[data-testid="login-required"]').waitFor();
    }
    await context.close();
  });

  it('shows favourites newest first, opens one, and removes one', async () => {
    const { context, page } = await freshPage();
    await signInBySms(page, world.twilio, '2015550301');
    await page.goto('/pages/my-collect/index');
    await page.locator('[data-testid="collect-list"] [data-testid="empty-state"]').getByText('No records.').waitFor();

    const [first, second] = await someDramas(page, 2);
    expect((await apiCall(page, 'PUT', `/favorites/${first!.id}`)).code).toBe(200);
    expect((await apiCall(page, 'PUT', `/favorites/${second!.id}`)).code).toBe(200);
    await page.reload();
    await expect.poll(() => ids(page, 'collect-card'), { timeout: 10_000 }).toEqual([second!.id, first!.id]);

    await page.click(`[data-testid="collect-remove"][data-drama-id="${second!.id}"]`);
    await expect.poll(() => ids(page, 'collect-card')).toEqual([first!.id]);
    await page.reload();
    await expect.poll(() => ids(page, 'collect-card'), { timeout: 10_000 }).toEqual([first!.id]);

    // A card opens the drama's page over the list.
    await page.click('[data-testid="collect-card"]');
    await page.waitForURL(`**/pages/my-collect/index?drama=${first!.id}`);
    await page.locator(`[data-testid="drama-sheet"][data-drama-id="${first!.id}"]`).waitFor();
    await context.close();
  });

  it('shows history with the episode and progress, continues at the saved episode, removes and clears', async () => {
    const { context, page } = await freshPage();
    await signInBySms(page, world.twilio, '2015550302');
    const [a, b] = await someDramas(page, 2);
    const detail = await apiCall<DramaDetail>(page, 'GET', `/dramas/${a!.id}`);
    expect(detail.code).toBe(200);
    const episode = detail.data.episodes[1] ?? detail.data.episodes[0]!;
    const position = Math.min(5, Math.floor(episode.duration_s / 2));
    expect((await apiCall(page, 'PUT', '/history', { episode_id: episode.id, position_s: position })).code).toBe(200);
    const other = await apiCall<DramaDetail>(page, 'GET', `/dramas/${b!.id}`);
    expect(
      (await apiCall(page, 'PUT', '/history', { episode_id: other.data.episodes[0]!.id, position_s: 1 })).code,
    ).toBe(200);

    await page.goto('/pages/my-history/index');
    await expect.poll(() => ids(page, 'history-item'), { timeout: 10_000 }).toEqual([b!.id, a!.id]);
    const row = page.locator(`[data-testid="history-item"][data-drama-id="${a!.id}"]`);
    expect(await row.locator('[data-testid="history-episode"]').innerText()).toBe(`Episode ${episode.number}`);
    expect(Number(await row.locator('[data-testid="history-progress"]').getAttribute('aria-valuenow'))).toBeGreaterThan(
      0,
    );
    expect(await page.getAttribute('[data-testid="nav-bar"]', 'data-nav-kind')).toBe('dark');

    await page.click(`[data-testid="history-item"][data-drama-id="${b!.id}"] [data-testid="history-remove"]`);
    await expect.poll(() => ids(page, 'history-item')).toEqual([a!.id]);

    await row.locator('[data-testid="history-continue"]').click();
    await page.waitForURL(`**/pages/video/mobileVideoIndex?drama_id=${a!.id}&episode_id=${episode.id}`);

    await page.goto('/pages/my-history/index');
    await page.locator('[data-testid="history-item"]').first().waitFor();
    await page.click('[data-testid="history-clear"]');
    await page.click('[data-testid="history-clear-dialog-confirm"]');
    await page.locator('[data-testid="history-list"] [data-testid="empty-state"]').getByText('No records.').waitFor();
    const after = await apiCall<ListPage<unknown>>(page, 'GET', '/history');
    expect(after.data.list).toEqual([]);
    await context.close();
  });
});
