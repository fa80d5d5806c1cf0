import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { BARE_PAGE_PATH } from './bare-hls-page.js';
import { summarise, type Summary } from './stats.js';

/** First frame of the app's video page within this factor of the bare hls.js page's. */
export const FIRST_FRAME_GOAL_RATIO = 1.2;

export interface PlaybackResult {
  /** Navigation start → the first episode has a decoded frame and its clock runs. */
  firstFrame: Summary;
  /** The same clock on a bare hls.js page playing the same signed stream (bare-hls-page.ts). */
  bareFirstFrame: Summary;
  /** firstFrame p50 / bareFirstFrame p50: the goal is ≤ FIRST_FRAME_GOAL_RATIO. */
  firstFrameRatio: number;
  /** ArrowDown → the next episode has a decoded frame and its clock runs. */
  swipeToFrame: Summary;
}

export const launchBenchBrowser = (): Promise<Browser> =>
  launchChromium(['--autoplay-policy=no-user-gesture-required']);

/** Resolves with performance.now() in the page once the player for `episodeId` shows moving video. */
async function playingAt(page: Page, episodeId: number): Promise<number> {
  const handle = await page.waitForFunction(
    (id) => {
      const videos = Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-testid="video-player"]'));
      const video = videos.find((v) => v.dataset.episodeId === String(id));
      return video && video.readyState >= 2 && video.currentTime > 0 ? performance.now() : false;
    },
    episodeId,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

const coldContext = (browser: Browser) =>
  browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

/**
 * Time to first frame of a drama's first episode on the phone page, with a cold browser context
 * each run (no HTTP cache, no service worker), and time from ArrowDown to the next episode's frame.
 * Each run of the app's page follows one of the bare hls.js page on `playlistUrl` (the signed
 * master playlist of the same episode), so both series see the same machine load.
 */
export async function benchPlayback(
  browser: Browser,
  baseUrl: string,
  drama: { id: number; firstEpisodeId: number; secondEpisodeId: number; playlistUrl: string },
  runs: number,
): Promise<PlaybackResult> {
  const first: number[] = [];
  const bare: number[] = [];
  const swipe: number[] = [];
  const bareQuery = new URLSearchParams({ src: drama.playlistUrl, episode_id: String(drama.firstEpisodeId) });
  for (let i = 0; i < runs; i += 1) {
    const bareContext = await coldContext(browser);
    const barePage = await bareContext.newPage();
    await barePage.goto(`${baseUrl}${BARE_PAGE_PATH}?${bareQuery.toString()}`, { waitUntil: 'commit' });
    bare.push(await playingAt(barePage, drama.firstEpisodeId));
    await bareContext.close();

    const context = await coldContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pages/video/mobileVideoIndex?drama_id=${drama.id}`, { waitUntil: 'commit' });
    first.push(await playingAt(page, drama.firstEpisodeId));
    // Let the next episode preload as it would while the viewer watches.
    await page.waitForTimeout(1500);
    const t0 = await page.evaluate(() => performance.now());
    await page.keyboard.press('ArrowDown');
    swipe.push((await playingAt(page, drama.secondEpisodeId)) - t0);
    await context.close();
  }
  const firstFrame = summarise(first);
  const bareFirstFrame = summarise(bare);
  const firstFrameRatio = Math.round((firstFrame.p50 / bareFirstFrame.p50) * 100) / 100;
  return { firstFrame, bareFirstFrame, firstFrameRatio, swipeToFrame: summarise(swipe) };
}
