import { getForYou, type FeedItem } from '@cliffhanger/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, open, VIEWPORTS, type ViewportSize } from '../support/browser.js';

/**
 * For You against the demo catalogue, on a phone and a desktop window: entered from home, each
 * swipe up brings the next drama and its opening plays, and "Watch the series" goes into that
 * drama at its opening episode.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PLAYER = '[data-testid="video-player"]';

/** The active player shows this episode and its playhead moves. */
async function expectOpeningPlays(page: Page, item: FeedItem): Promise<void> {
  const player = page.locator(`${PLAYER}[data-episode-id="${item.episode_id}"]`);
  await player.waitFor({ timeout: 20_000 });
  await expect
    .poll(() => player.evaluate((video) => (video as HTMLVideoElement).currentTime), { timeout: 20_000, interval: 250 })
    .toBeGreaterThan(0.3);
}

/** A drag up the middle of the stage, as a finger would. */
async function swipeUp(page: Page, { width, height }: ViewportSize): Promise<void> {
  await page.mouse.move(width / 2, height * 0.7);
  await page.mouse.down();
  await page.mouse.move(width / 2, height * 0.45, { steps: 4 });
  await page.mouse.move(width / 2, height * 0.25, { steps: 4 });
  await page.mouse.up();
}

describe('For You in the browser', () => {
  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    it(`${name}: opens from home, swipes through three dramas each playing its opening, and goes into the drama`, async () => {
      // A visitor's feed: the same ranking the page is about to ask for.
      const feed = ok(await apiFor(baseUrl()).call(getForYou, { query: { lang: 'en' } })).list;
      expect(feed.length).toBeGreaterThanOrEqual(4);
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await open(page, '/pages/index/index');
      await page.click('[data-testid="home-for-you"]');
      await page.waitForURL((url) => url.searchParams.get('feed') === 'for-you');

      for (const [index, item] of feed.slice(0, 4).entries()) {
        await page.locator(`[data-testid="for-you-item"][data-drama-id="${item.drama.id}"]`).waitFor();
        expect(await page.textContent('[data-testid="for-you-title"]')).toBe(item.drama.title);
        await expectOpeningPlays(page, item);
        if (index < 3) await swipeUp(page, viewport);
      }

      const last = feed[3]!;
      await page.click('[data-testid="for-you-watch"]');
      await page.waitForURL((url) => url.searchParams.get('drama_id') === String(last.drama.id));
      expect(new URL(page.url()).searchParams.get('episode_id')).toBe(String(last.episode_id));
      await page.locator('[data-testid="video-screen"]').waitFor();
      await expectOpeningPlays(page, last);
      await context.close();
    });
  }
});
