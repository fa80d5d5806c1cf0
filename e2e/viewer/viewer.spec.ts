import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { getDrama, listDramas, type DramaDetail, type EpisodeSummary } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';

/**
 * What a viewer trips on, screen by screen, at 390×844 and 1280×800 (and in zh and tr where
 * words are involved), against a real server with the fake Twilio as the SMS sink.
 *
 * E2E_SCREENSHOT_DIR=<dir> keeps screenshots of the screens looked at.
 */
let browser: Browser;
let world: AccountsWorld;

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const SIZES: [string, ViewportSize][] = [
  ['390x844', VIEWPORTS.phone],
  ['1280x800', VIEWPORTS.desktop],
];
const PLAYER = '[data-testid="video-player"]';

const api = () => apiFor(world.server.url);

beforeAll(async () => {
  world = await startAccountsWorld();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

async function freshPage(viewport: ViewportSize, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport, locale });
  return { context, page: await context.newPage() };
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A drama whose last free episode is followed by a locked one. */
async function freeThenLocked(): Promise<{ drama: DramaDetail; free: EpisodeSummary; locked: EpisodeSummary }> {
  const list = ok(await api().call(listDramas, { query: { size: 50, lang: 'en' } }));
  for (const card of list.list) {
    const drama = ok(await api().call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
    const index = drama.episodes.findIndex((episode) => episode.locked);
    if (index > 0) return { drama, free: drama.episodes[index - 1]!, locked: drama.episodes[index]! };
  }
  throw new Error('the demo catalogue has no free episode followed by a locked one');
}

async function playing(page: Page, episodeId: number): Promise<void> {
  await page.locator(`${PLAYER}[data-episode-id="${episodeId}"]`).waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).currentTime), { timeout: 20_000, interval: 250 })
    .toBeGreaterThan(0.3);
}

/** Jumps to just before the end of the playing episode and waits until it has ended. */
async function playToEnd(page: Page): Promise<void> {
  await page.$eval(
    PLAYER,
    (element) =>
      new Promise<void>((resolve) => {
        const video = element as HTMLVideoElement;
        video.addEventListener('ended', () => resolve(), { once: true });
        video.currentTime = Math.max(0, video.duration - 0.3);
        void video.play();
      }),
  );
}

const episodeInUrl = (page: Page) => new URL(page.url()).searchParams.get('episode_id');

describe('the end of an episode while the viewer is busy', () => {
  it.each(SIZES)('at %s: no move on while commenting; the draft stays; it moves on once the viewer is done', async (label, viewport) => {
    const { drama, free, locked } = await freeThenLocked();
    const { context, page } = await freshPage(viewport);
    const mobile = viewport.width <= 960;
    await page.goto(
      `/pages/video/${mobile ? 'mobileVideoIndex' : 'index'}?drama_id=${drama.id}&episode_id=${free.id}`,
    );
    await playing(page, free.id);
    if (mobile) {
      await page.click('[data-testid="video-comments"]');
      await page.locator('[data-testid="comments-sheet"]').waitFor();
    }
    const input = page.locator('[data-testid="comment-input"]');
    await input.click();
    await input.pressSequentially('What a twist');

    await playToEnd(page);
    // Long enough for the move and the next (locked) episode's dialog to have come.
    await page.waitForTimeout(1500);
    expect(episodeInUrl(page)).toBe(String(free.id));
    await expect(page.locator('[data-testid="unlock-dialog"]').count()).resolves.toBe(0);
    await expect(input.inputValue()).resolves.toBe('What a twist');
    await shoot(page, `held-advance-${label}`);

    // Done: the sheet closed (phone) or the field left (desktop), then it moves on.
    if (mobile) await page.click('[data-testid="comments-sheet-close"]');
    else await page.locator('[data-testid="video-title"]').click();
    await expect.poll(() => episodeInUrl(page), { timeout: 5_000 }).toBe(String(locked.id));
    // The draft was kept for its episode: back there, it is in the box.
    await page.goto(
      `/pages/video/${mobile ? 'mobileVideoIndex' : 'index'}?drama_id=${drama.id}&episode_id=${free.id}`,
    );
    await playing(page, free.id);
    if (mobile) await page.click('[data-testid="video-comments"]');
    await expect(page.locator('[data-testid="comment-input"]').inputValue()).resolves.toBe('What a twist');
    await context.close();
  });
});
