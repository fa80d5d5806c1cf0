import { getDrama, listDramas, type DramaDetail } from '@cliffhanger/contract';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.js';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * House ads that respect the player, in Chromium against a server that shows one before every
 * episode start (ADS_EVERY_N_EPISODES=1): the ad's label, title and countdown never cover the
 * back button, the title or the episode actions at 360, 390, 768 and 1280 px in en, zh and tr;
 * and an episode the viewer has just paid to unlock plays with no ad.
 *
 * Screenshots go to E2E_SCREENSHOTS (a directory) when set, for a person to look at.
 */
let browser: Browser;
let world: AccountsWorld;

beforeAll(async () => {
  world = await startAccountsWorld({ ADS_EVERY_N_EPISODES: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

const SLOW = { timeout: 15_000, interval: 100 };
const WIDTHS: readonly ViewportSize[] = [
  { width: 360, height: 740 },
  VIEWPORTS.phone,
  { width: 768, height: 1024 },
  VIEWPORTS.desktop,
];
const LANGUAGES = ['en', 'zh', 'tr'] as const;

const api = () => apiFor(world.server.url);

async function dramas(): Promise<DramaDetail[]> {
  const list = (await api().call(listDramas, { query: { size: 50, lang: 'en' } })).data;
  return Promise.all(
    list.list.map(async (card) => (await api().call(getDrama, { params: { id: card.id }, query: { lang: 'en' } })).data),
  );
}

const videoPath = (viewport: ViewportSize, dramaId: number, episodeId: number) =>
  `${viewport.width <= 960 ? '/pages/video/mobileVideoIndex' : '/pages/video/index'}?drama_id=${dramaId}&episode_id=${episodeId}`;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxes(locator: Locator): Promise<Box[]> {
  const found: Box[] = [];
  for (const element of await locator.all()) {
    if (!(await element.isVisible())) continue;
    const box = await element.boundingBox();
    if (box) found.push(box);
  }
  return found;
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

describe('house ads respect the player', () => {
  it.each(WIDTHS.flatMap((viewport) => LANGUAGES.map((lang) => [viewport, lang] as const)))(
    'at %o in %s the ad covers neither the back button, the title nor the episode actions',
    async (viewport, lang) => {
      const all = await dramas();
      const drama = all[0]!;
      const free = drama.episodes.find((episode) => episode.free)!;
      const context = await browser.newContext({ baseURL: world.server.url, viewport, locale: 'en-US' });
      await context.addInitScript((language: string) => localStorage.setItem('language', language), lang);
      const page = await context.newPage();
      await page.goto(videoPath(viewport, drama.id, free.id));
      await page.locator('[data-testid="house-ad"]').waitFor({ timeout: 20_000 });
      await page.locator('[data-testid="house-ad-title"]').waitFor();
      await page.locator('[data-testid="nav-back"]').waitFor();
      const ad = [
        ...(await boxes(page.locator('[data-testid="house-ad-label"]'))),
        ...(await boxes(page.locator('[data-testid="house-ad-title"]'))),
        ...(await boxes(page.locator('[data-testid="house-ad-countdown"], [data-testid="house-ad-skip"], [data-testid="house-ad-unmute"]'))),
      ];
      expect(ad.length).toBeGreaterThanOrEqual(3);
      const player = [
        ...(await boxes(page.locator('[data-testid="nav-back"]'))),
        ...(await boxes(page.locator('[data-testid="video-title"]'))),
        ...(await boxes(page.locator('[data-testid="video-episode-number"]'))),
        ...(await boxes(page.locator('.video-action'))),
      ];
      expect(player.length).toBeGreaterThanOrEqual(3);
      await screenshot(page, `ad-${viewport.width}-${lang}`);
      for (const a of ad) {
        // Inside the viewport, and clear of everything the viewer may need during the ad.
        expect(a.x).toBeGreaterThanOrEqual(0);
        expect(a.x + a.width).toBeLessThanOrEqual(viewport.width);
        expect(a.y + a.height).toBeLessThanOrEqual(viewport.height);
        for (const p of player) expect(overlaps(a, p), JSON.stringify({ ad: a, player: p })).toBe(false);
      }
      await context.close();
    },
  );

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)('no ad right after paying to unlock an episode (%s)', async (_size, viewport) => {
    // The cheapest locked episode, so the check-in and one task pay for it.
    const { drama, episode } = (await dramas())
      .flatMap((d) => d.episodes.filter((e) => e.locked).map((e) => ({ drama: d, episode: e })))
      .sort((a, b) => a.episode.price - b.episode.price)[0]!;
    const context = await browser.newContext({ baseURL: world.server.url, viewport, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
    const page = await context.newPage();
    await signInBySms(page, world.twilio, viewport.width <= 960 ? '2015550401' : '2015550402');
    await page.goto('/pages/Rewards/index');
    await expect.poll(() => page.locator('[data-testid="checkin-day-1"]').getAttribute('data-state'), SLOW).toBe('done');
    await page.click('[data-testid="task-share_app-go"]');
    const claim = page.locator('[data-testid="task-share_app-claim"]');
    await expect.poll(() => claim.isDisabled(), SLOW).toBe(false);
    await claim.click();
    await expect.poll(() => claim.innerText(), SLOW).toBe('Claimed');

    // Opening the link may ask for the episode's ad before its lock is known; after the unlock
    // nothing may ask again.
    const adRequests: Request[] = [];
    let unlocked = false;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (unlocked && url.pathname.endsWith('/api/v1/ads/next') && url.searchParams.get('episode_id') === String(episode.id)) {
        adRequests.push(request);
      }
    });
    await page.goto(videoPath(viewport, drama.id, episode.id));
    await page.locator('[data-testid="unlock-episode"]').waitFor({ timeout: 20_000 });
    unlocked = true;
    await page.locator('[data-testid="unlock-episode"]').click();
    await page.locator(`[data-testid="video-player"][data-episode-id="${episode.id}"]`).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.$eval('[data-testid="video-player"]', (video) => (video as HTMLVideoElement).currentTime), {
        timeout: 20_000,
        interval: 250,
      })
      .toBeGreaterThan(0.3);
    expect(await page.locator('[data-testid="house-ad"]').count()).toBe(0);
    expect(adRequests).toEqual([]);
    await context.close();
  });
});
