import { getDrama, listDramas, type DramaDetail } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * A signed-in viewer at 390×844 and 1280×800: watches part of an episode, finds it on home's
 * Continue watching and resumes it there; sets 1.5× and keeps it on the next episode; likes with a
 * double tap; and, once the service worker has installed, opens the app with no network at all
 * (the server stopped, the browser offline) and is told so.
 */
let browser: Browser;
let world: AccountsWorld;

const SIZES: [string, ViewportSize, string][] = [
  ['390x844', VIEWPORTS.phone, '2015550141'],
  ['1280x800', VIEWPORTS.desktop, '2015550142'],
];
const PLAYER = '[data-testid="video-player"]';
/** Where the viewer stops in the first episode, in seconds. */
const STOP_AT = 3;

/** Contexts kept open for the last test, with their service worker installed. */
const installed: { label: string; context: BrowserContext; page: Page }[] = [];

beforeAll(async () => {
  world = await startAccountsWorld({ SMS_IP_HOURLY_CAP: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

/** A drama whose first two episodes are free. */
async function twoFreeEpisodes(): Promise<DramaDetail> {
  const api = apiFor(world.server.url);
  const list = ok(await api.call(listDramas, { query: { size: 50, lang: 'en' } }));
  for (const card of list.list.filter((drama) => drama.free_episodes >= 2)) {
    const drama = ok(await api.call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
    if (drama.episodes.length >= 2 && !drama.episodes[0]!.locked && !drama.episodes[1]!.locked) return drama;
  }
  throw new Error('the demo catalogue has no drama with two free episodes');
}

const videoPath = (mobile: boolean, dramaId: number, episodeId: number) =>
  `/pages/video/${mobile ? 'mobileVideoIndex' : 'index'}?drama_id=${dramaId}&episode_id=${episodeId}`;

async function playing(page: Page, episodeId: number): Promise<void> {
  await page.locator(`${PLAYER}[data-episode-id="${episodeId}"]`).waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).currentTime), {
      timeout: 20_000,
      interval: 250,
    })
    .toBeGreaterThan(0.3);
}

describe('continue watching, speed, double tap and offline', () => {
  it.each(SIZES)(
    'at %s: resumes from home, keeps 1.5× on the next episode, likes by double tap',
    async (label, viewport, phone) => {
      const drama = await twoFreeEpisodes();
      const [first, second] = drama.episodes as [DramaDetail['episodes'][0], DramaDetail['episodes'][0]];
      const mobile = viewport.width <= 960;
      const context = await browser.newContext({ baseURL: world.server.url, viewport, locale: 'en-US' });
      const page = await context.newPage();
      await signInBySms(page, world.twilio, phone);

      // Part of the first episode: stopped at STOP_AT s (a pause saves the position).
      await page.goto(videoPath(mobile, drama.id, first.id));
      await playing(page, first.id);
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/history') && response.request().method() === 'PUT',
      );
      await page.$eval(
        PLAYER,
        (element, at) => {
          const video = element as HTMLVideoElement;
          video.currentTime = at;
          video.pause();
        },
        STOP_AT,
      );
      expect((await saved).ok()).toBe(true);

      // Home shows it under Continue watching, with its episode and progress; a tap resumes there.
      await page.goto('/');
      const card = page.locator(`[data-testid="home-continue-card"][data-drama-id="${drama.id}"]`);
      await card.waitFor({ timeout: 15_000 });
      await expect(card.getAttribute('data-episode-id')).resolves.toBe(String(first.id));
      await expect(card.textContent()).resolves.toContain('Episode 1');
      const progress = Number(
        await card.locator('[data-testid="home-continue-progress"]').getAttribute('aria-valuenow'),
      );
      expect(progress).toBeGreaterThan(0);
      expect(progress).toBeLessThan(100);
      await card.click();
      await expect.poll(() => new URL(page.url()).searchParams.get('episode_id')).toBe(String(first.id));
      await page.locator(`${PLAYER}[data-episode-id="${first.id}"]`).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).currentTime), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(STOP_AT - 0.5);

      // 1.5× from the settings, kept when the next episode comes on.
      await page.click('[data-testid="video-settings"]');
      await page.click('[data-testid="speed-option-1.5"]');
      await page.click('[data-testid="video-settings-sheet-close"]');
      await expect.poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).playbackRate)).toBe(1.5);
      await page.$eval(PLAYER, (element) => {
        const video = element as HTMLVideoElement;
        video.currentTime = Math.max(0, video.duration - 0.3);
        void video.play();
      });
      await page.locator(`${PLAYER}[data-episode-id="${second.id}"]`).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).playbackRate)).toBe(1.5);
      // Kept on the account too, so another device plays at it.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const stored = await fetch(new URL('/api/v1/user/playback', world.server.url), {
        headers: { authorization: token ?? '' },
      });
      await expect(stored.json()).resolves.toMatchObject({ code: 200, data: { playback_rate: 1.5 } });

      // A double tap on the video likes it, with a heart; the video keeps playing.
      await playing(page, second.id);
      await expect(page.getAttribute('[data-testid="video-like"]', 'aria-pressed')).resolves.toBe('false');
      await page.dblclick(PLAYER);
      await page.locator('[data-testid="video-tap-heart"]').first().waitFor();
      await expect.poll(() => page.getAttribute('[data-testid="video-like"]', 'aria-pressed')).toBe('true');
      await page.waitForTimeout(400);
      await expect(page.$eval(PLAYER, (video) => (video as HTMLVideoElement).paused)).resolves.toBe(false);

      // The service worker has installed and controls the page: the app shell is kept.
      await page.goto('/');
      await page.locator('[data-testid="app-shell"]').waitFor();
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
        undefined,
        {
          timeout: 30_000,
        },
      );
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      installed.push({ label, context, page });
    },
  );

  it('opens the app shell with no network at all, at both sizes, and says it is offline', async () => {
    expect(installed.map((entry) => entry.label)).toEqual(SIZES.map(([label]) => label));
    await world.server.stop();
    for (const { context, page } of installed) {
      await context.setOffline(true);
      const response = await page.goto('/pages/user/index');
      expect(response?.fromServiceWorker()).toBe(true);
      await page.locator('[data-testid="app-shell"]').waitFor({ timeout: 15_000 });
      await expect(page.locator('[data-testid="offline-notice"]').textContent()).resolves.toContain("You're offline");
      await context.close();
    }
  });
});
