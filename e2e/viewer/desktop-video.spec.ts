import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { getDrama, listDramas, type DramaDetail, type EpisodeSummary } from '@cliffhanger/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, VIEWPORTS, type ViewportSize } from '../support/browser.js';

/**
 * The video page laid out for the window (the desktop layout wider than the mobile flag, the phone
 * layout up to it, whichever route), the reason Download gives while it has no file, the Rewards
 * tasks' title and reward, and the product mark shown once, in Chromium at 1280×800 and 390×844
 * against the shared server's demo catalogue.
 *
 * E2E_SCREENSHOT_DIR=<dir> keeps screenshots of the screens looked at.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const PLAYER = '[data-testid="video-player"]';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, String(locator)).not.toBeNull();
  return b!;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** A drama whose last free episode is followed by a locked one. */
async function freeThenLocked(): Promise<{ drama: DramaDetail; free: EpisodeSummary; locked: EpisodeSummary }> {
  const api = apiFor(baseUrl());
  const list = ok(await api.call(listDramas, { query: { size: 50, lang: 'en' } }));
  for (const card of list.list) {
    const drama = ok(await api.call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
    const index = drama.episodes.findIndex((episode) => episode.locked);
    if (index > 0) return { drama, free: drama.episodes[index - 1]!, locked: drama.episodes[index]! };
  }
  throw new Error('the demo catalogue has no free episode followed by a locked one');
}

async function pageAt(viewport: ViewportSize, language?: string): Promise<Page> {
  const context = await newContext(browser, { viewport, storage: language ? { language } : undefined });
  return context.newPage();
}

const videoPath = (route: 'index' | 'mobileVideoIndex', dramaId: number, episodeId: number) =>
  `/pages/video/${route}?drama_id=${dramaId}&episode_id=${episodeId}`;

const layoutOf = (page: Page) => page.locator('[data-testid="video-screen"]').getAttribute('data-layout');

describe('the video page at 1280×800', () => {
  it.each(['index', 'mobileVideoIndex'] as const)(
    '/pages/video/%s: the rail beside the player, the synopsis and episode grid in a side panel, nothing overlapping',
    async (route) => {
      const { drama, free } = await freeThenLocked();
      const page = await pageAt(VIEWPORTS.desktop);
      await page.goto(videoPath(route, drama.id, free.id));
      await page.locator(`${PLAYER}[data-episode-id="${free.id}"]`).waitFor({ timeout: 20_000 });
      await expect(layoutOf(page)).resolves.toBe('desktop');

      const player = await box(page.getByRole('region', { name: 'Video player' }));
      const rail = await box(page.locator('[data-testid="video-rail"]'));
      const panel = await box(page.locator('[data-testid="video-side-panel"]'));
      const viewport = { x: 0, y: 0, ...VIEWPORTS.desktop };
      // Left to right, apart: player, rail, panel; all on screen; the player as tall as it can be.
      expect(rail.x).toBeGreaterThanOrEqual(player.x + player.width);
      expect(panel.x).toBeGreaterThanOrEqual(rail.x + rail.width);
      for (const part of [player, rail, panel]) expect(inside(part, viewport)).toBe(true);
      expect(player.height).toBeGreaterThanOrEqual(VIEWPORTS.desktop.height - 40);
      expect(Math.abs(panel.y - player.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(panel.height - player.height)).toBeLessThanOrEqual(1);
      // The row is centred.
      const left = player.x;
      const right = VIEWPORTS.desktop.width - (panel.x + panel.width);
      expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
      // Every action sits in the rail, none over the picture.
      for (const action of ['video-like', 'video-favorite', 'video-comments', 'video-share', 'video-download']) {
        const button = await box(page.locator(`[data-testid="${action}"]`));
        expect(inside(button, rail), action).toBe(true);
        expect(overlaps(button, player), action).toBe(false);
      }
      await expect(page.locator('[data-testid="video-episodes"]').count()).resolves.toBe(0);

      const synopsis = page.locator('[data-testid="video-synopsis"]');
      await expect(synopsis.innerText()).resolves.toBe(drama.synopsis);
      const tiles = page.locator('[data-testid="video-side-panel"] [data-testid^="episode-tile-"]');
      await expect(tiles.count()).resolves.toBe(drama.episodes.length);
      const current = page.locator(`[data-testid="episode-tile-${free.number}"]`);
      await expect(current.getAttribute('aria-current')).resolves.toBe('true');
      await expect(current.innerText()).resolves.toContain('Free');
      const firstLocked = drama.episodes.find((episode) => episode.locked)!;
      const lockedTile = page.locator(`[data-testid="episode-tile-${firstLocked.number}"]`);
      await expect(lockedTile.getAttribute('data-state')).resolves.toBe('locked');
      await expect(lockedTile.innerText()).resolves.toContain(String(firstLocked.price));
      // Tiles in a grid: none overlaps another, all inside the panel.
      const tileBoxes = await Promise.all((await tiles.all()).map(box));
      for (const [i, a] of tileBoxes.entries()) {
        expect(inside(a, panel)).toBe(true);
        for (const b of tileBoxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
      }
      await shoot(page, `desktop-video-${route}-1280x800`);

      // Picking an episode plays it, with no sheet in between.
      const other = drama.episodes.find((episode) => !episode.locked && episode.id !== free.id)!;
      await page.click(`[data-testid="episode-tile-${other.number}"]`);
      await page.locator(`${PLAYER}[data-episode-id="${other.id}"]`).waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).searchParams.get('episode_id')).toBe(String(other.id));
      await expect(page.locator('[data-testid="episodes-sheet"]').count()).resolves.toBe(0);
      await page.context().close();
    },
  );
});

describe('the video page at 390×844', () => {
  it.each(['mobileVideoIndex', 'index'] as const)(
    '/pages/video/%s: the phone layout, full screen, the actions over the video and the episodes in a sheet',
    async (route) => {
      const { drama, free } = await freeThenLocked();
      const page = await pageAt(VIEWPORTS.phone);
      await page.goto(videoPath(route, drama.id, free.id));
      await page.locator(`${PLAYER}[data-episode-id="${free.id}"]`).waitFor({ timeout: 20_000 });
      await expect(layoutOf(page)).resolves.toBe('phone');
      const stage = await box(page.getByRole('region', { name: 'Video player' }));
      expect(stage).toEqual({ x: 0, y: 0, ...VIEWPORTS.phone });
      await expect(page.locator('[data-testid="video-side-panel"]').count()).resolves.toBe(0);
      const actions = await box(page.locator('[data-testid="episode-actions"]'));
      expect(inside(actions, stage)).toBe(true);
      await page.click('[data-testid="video-episodes"]');
      const sheet = page.locator('[data-testid="episodes-sheet"]');
      await sheet.waitFor();
      await expect(
        sheet.locator(`[data-testid="episode-tile-${free.number}"]`).getAttribute('aria-current'),
      ).resolves.toBe('true');
      await shoot(page, `phone-video-${route}-390x844`);
      await page.context().close();
    },
  );
});

describe('Download while the episode is locked', () => {
  const cases: [string, string, ViewportSize, string][] = [
    ['1280x800', 'en', VIEWPORTS.desktop, 'Unlock this episode to download'],
    ['390x844', 'en', VIEWPORTS.phone, 'Unlock this episode to download'],
    ['1280x800', 'zh', VIEWPORTS.desktop, '解锁本集后即可下载'],
    ['390x844', 'tr', VIEWPORTS.phone, 'İndirmek için bu bölümün kilidini açın'],
  ];
  it.each(cases)('at %s in %s: dimmed, describes why, and a tap says it', async (label, language, viewport, reason) => {
    const { drama, locked } = await freeThenLocked();
    const page = await pageAt(viewport, language);
    const route = viewport.width <= 960 ? 'mobileVideoIndex' : 'index';
    await page.goto(videoPath(route, drama.id, locked.id));
    await page.locator('[data-testid="unlock-dialog"]').waitFor({ timeout: 20_000 });
    await page.click('[data-testid="unlock-close"]');

    const download = page.locator('[data-testid="video-download"]');
    await expect(download.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(download.getAttribute('href')).resolves.toBeNull();
    const description = await download.evaluate(
      (element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    expect(description).toBe(reason);
    await expect(download.getAttribute('title')).resolves.toBe(reason);
    // Dimmed, yet it takes the tap (Playwright's click waits for an enabled element: aria-disabled
    // is not one, though a finger still lands on it).
    const opacity = await download.evaluate((element) => Number(getComputedStyle(element).opacity));
    expect(opacity).toBeLessThan(0.6);
    await download.click({ force: true });
    const toast = page.locator('[data-testid="toast"]');
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toBe(reason);
    await shoot(page, `download-reason-${label}-${language}`);
    await page.context().close();
  });
});

describe('Rewards tasks', () => {
  const cases: [string, string, ViewportSize][] = [
    ['390x844', 'en', VIEWPORTS.phone],
    ['1280x800', 'en', VIEWPORTS.desktop],
    ['390x844', 'tr', VIEWPORTS.phone],
    ['1280x800', 'zh', VIEWPORTS.desktop],
    ['390x844', 'zh', VIEWPORTS.phone],
  ];
  it.each(cases)(
    'at %s in %s: each title and its reward chip apart, neither under the buttons',
    async (label, language, viewport) => {
      const page = await pageAt(viewport, language);
      await page.goto('/pages/Rewards/index');
      for (const key of ['watch_video', 'share_app', 'invite_friends']) {
        const title = page.locator(`[data-testid="task-${key}-title"]`);
        await title.waitFor();
        const reward = page.locator(`[data-testid="task-${key}-reward"]`);
        const titleBox = await box(title);
        const rewardBox = await box(reward);
        expect(overlaps(titleBox, rewardBox), key).toBe(false);
        // Not cut: the chip's text fits its box.
        const fits = await reward.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
        expect(fits, key).toBe(true);
        for (const button of ['go', 'claim']) {
          const buttonBox = await box(page.locator(`[data-testid="task-${key}-${button}"]`));
          expect(overlaps(titleBox, buttonBox), `${key} title / ${button}`).toBe(false);
          expect(overlaps(rewardBox, buttonBox), `${key} reward / ${button}`).toBe(false);
        }
        // Visually distinct: the chip has a background of its own.
        const background = await reward.evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(background).not.toBe('rgba(0, 0, 0, 0)');
      }
      await page.locator('[data-testid="reward-tasks"]').scrollIntoViewIfNeeded();
      await shoot(page, `reward-tasks-${label}-${language}`);
      await page.context().close();
    },
  );
});

describe('the product mark', () => {
  it.each([
    ['390x844', 'nav-bar', VIEWPORTS.phone],
    ['1280x800', 'sidebar', VIEWPORTS.desktop],
  ] as const)('at %s on home: shown once, in the %s', async (_label, holder, viewport) => {
    const page = await pageAt(viewport);
    await page.goto('/pages/index/index');
    await page.locator('[data-testid="home-recommended-card"]').first().waitFor();
    // LogoMark is the only drawing on a 32×32 grid.
    const visible = await page.$$eval('svg[viewBox="0 0 32 32"]', (marks) =>
      marks
        .filter((mark) => mark.getBoundingClientRect().width > 0)
        .map((mark) => mark.closest('[data-testid="sidebar"], [data-testid="nav-bar"]')?.getAttribute('data-testid')),
    );
    expect(visible).toEqual([holder]);
    await page.context().close();
  });
});
