import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { summarise, type Summary } from './stats.js';

export interface PlaybackResult {
  /** Navigation start → the first episode has a decoded frame and its clock runs. */
  firstFrame: Summary;
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

/**
 * Time to first frame of a drama's first episode on the phone page, with a cold browser context
 * each run (no HTTP cache, no service worker), and time from ArrowDown to the next episode's frame.
 */
export async function benchPlayback(
  browser: Browser,
  baseUrl: string,
  drama: { id: number; firstEpisodeId: number; secondEpisodeId: number },
  runs: number,
): Promise<PlaybackResult> {
  const first: number[] = [];
  const swipe: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
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
  return { firstFrame: summarise(first), swipeToFrame: summarise(swipe) };
}
