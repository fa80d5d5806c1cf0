import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { getDrama, listDramas, type DramaDetail } from '@cliffhanger/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, open, VIEWPORTS, type ViewportSize } from '../support/browser.js';

/**
 * A drama's own page, opened from a home poster in Chromium at 390×844 and 1280×800 against the
 * shared server's demo catalogue, as a visitor: the sheet over home with its facts and the prices
 * the API gives this viewer, Back closing it, Play starting the first episode on the video page
 * of the window's layout, and on a desktop the same facts beside the player.
 *
 * E2E_SCREENSHOT_DIR=<dir> keeps screenshots of the screens looked at.
 */
let browser: Browser;
let drama: DramaDetail;
beforeAll(async () => {
  browser = await launchBrowser();
  // A drama with something left to buy, so both prices show.
  const api = apiFor(baseUrl());
  const list = ok(await api.call(listDramas, { query: { size: 50, lang: 'en' } }));
  for (const card of list.list) {
    const detail = ok(await api.call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
    if (detail.prices.locked_count > 0) {
      drama = detail;
      break;
    }
  }
  if (!drama) throw new Error('the demo catalogue has no drama with a locked episode');
});
afterAll(async () => {
  await browser?.close();
});

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, String(locator)).not.toBeNull();
  return b!;
}

async function homeAt(viewport: ViewportSize): Promise<Page> {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  await open(page, '/pages/index/index');
  return page;
}

/** The facts inside `scope` say what the API says for this visitor. */
async function expectFacts(scope: Locator): Promise<void> {
  const facts = scope.locator('[data-testid="drama-facts"]');
  await facts.waitFor();
  const free = drama.episodes.filter((episode) => episode.free).length;
  expect(await facts.locator('[data-testid="drama-fact-episodes"]').textContent()).toBe(
    `${drama.episodes.length} episode${drama.episodes.length === 1 ? '' : 's'}`,
  );
  expect(await facts.locator('[data-testid="drama-fact-free"]').textContent()).toBe(
    `${free} of ${drama.episodes.length}`,
  );
  const single = facts.locator('[data-testid="drama-price-episode"]');
  const all = facts.locator('[data-testid="drama-price-all"]');
  expect(Number(await single.getAttribute('data-coins'))).toBe(drama.prices.episode);
  expect(await single.textContent()).toBe(`${drama.prices.episode} coins`);
  expect(Number(await all.getAttribute('data-coins'))).toBe(drama.prices.all);
  expect(Number(await all.getAttribute('data-episodes'))).toBe(drama.prices.locked_count);
  expect(await facts.locator('[data-testid="drama-vip-covers"]').count()).toBe(drama.vip_covers ? 1 : 0);
}

/** Taps the drama's poster in home's list and waits for its sheet. */
async function openSheet(page: Page): Promise<Locator> {
  const card = page.locator(`[data-testid="home-all-card"][data-drama-id="${drama.id}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.click();
  await page.waitForURL(`**/pages/index/index?drama=${drama.id}`);
  const sheet = page.getByRole('dialog', { name: drama.title });
  await sheet.waitFor();
  return sheet;
}

describe('the drama page', () => {
  it('at 390×844: opens from a home poster with its facts and prices, Back closes it, Play starts episode 1', async () => {
    const page = await homeAt(VIEWPORTS.phone);
    let sheet = await openSheet(page);
    await expectFacts(sheet);
    // Focus is in the sheet, on its title.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 5_000 })
      .toBe('drama-title');
    const locked = drama.episodes.filter((episode) => episode.locked).length;
    expect(await sheet.locator('[data-testid="drama-episode"][data-mark="locked"]').count()).toBe(locked);
    // The sheet covers the screen.
    // Once its slide-in has ended.
    await expect
      .poll(async () => box(sheet), { timeout: 5_000 })
      .toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await shoot(page, 'drama-page-390');

    await page.goBack();
    await page.waitForURL('**/pages/index/index');
    await sheet.waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="home-all-card"]').count()).toBeGreaterThan(0);

    sheet = await openSheet(page);
    const play = sheet.locator('[data-testid="drama-play"]');
    expect(await play.textContent()).toBe('Play');
    await play.click();
    await page.waitForURL(`**/pages/video/mobileVideoIndex?drama_id=${drama.id}&episode_id=${drama.episodes[0]!.id}`);
    await page.locator('[data-testid="video-screen"][data-layout="phone"]').waitFor();
    expect(await page.locator('[data-testid="drama-sheet"]').count()).toBe(0);
    await page.context().close();
  });

  it('at 1280×800: the same facts in the sheet and, once playing, in the panel beside the player', async () => {
    const page = await homeAt(VIEWPORTS.desktop);
    const sheet = await openSheet(page);
    await expectFacts(sheet);
    await shoot(page, 'drama-page-1280');
    await sheet.locator('[data-testid="drama-play"]').click();
    await page.waitForURL(`**/pages/video/index?drama_id=${drama.id}&episode_id=${drama.episodes[0]!.id}`);
    const panel = page.locator('[data-testid="video-side-panel"]');
    await expectFacts(panel);
    const player = await box(page.locator('[data-testid="video-player-box"]'));
    const facts = await box(panel.locator('[data-testid="drama-facts"]'));
    // Beside the player, to its right, and on screen without scrolling the page.
    expect(facts.x).toBeGreaterThanOrEqual(player.x + player.width);
    expect(facts.y).toBeLessThan(800);
    await shoot(page, 'drama-panel-1280');
    await page.context().close();
  });
});
