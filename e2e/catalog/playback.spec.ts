import { getDrama, listDramas, type DramaDetail, type EpisodeSummary } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * Playback in Chromium against the demo catalogue: an episode plays, HD → SD
 * changes the playing level, subtitle cues show in zh/en/tr, a swipe plays the next episode, a
 * locked episode opens the unlock dialog with its prices, and a signed-in viewer resumes.
 */
let browser: Browser;
let world: AccountsWorld;

interface Subject {
  drama: DramaDetail;
  free: EpisodeSummary[];
  firstLocked: EpisodeSummary;
}
let subject: Subject;

const api = () => apiFor(world.server.url);

/** A demo drama with at least two free episodes followed by a locked one. */
async function findSubject(): Promise<Subject> {
  const list = ok(await api().call(listDramas, { query: { size: 50, lang: 'en' } }));
  for (const card of list.list) {
    const drama = ok(await api().call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
    const free = drama.episodes.filter((episode) => !episode.locked);
    const firstLocked = drama.episodes.find((episode) => episode.locked);
    if (free.length >= 2 && firstLocked && firstLocked.number === free.length + 1) return { drama, free, firstLocked };
  }
  throw new Error('the demo catalogue has no drama with two free episodes followed by a locked one');
}

beforeAll(async () => {
  world = await startAccountsWorld();
  browser = await launchBrowser();
  subject = await findSubject();
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

async function freshPage(viewport: ViewportSize = VIEWPORTS.phone): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

const mobileVideo = (episodeId?: number) =>
  `/pages/video/mobileVideoIndex?drama_id=${subject.drama.id}${episodeId ? `&episode_id=${episodeId}` : ''}`;

const PLAYER = '[data-testid="video-player"]';

async function playerOf(page: Page, episodeId: number): Promise<void> {
  await page.locator(`${PLAYER}[data-episode-id="${episodeId}"]`).waitFor({ timeout: 20_000 });
}

const currentTime = (page: Page) => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).currentTime);

/** Where playback of the current player began (start of its first played range), or null. */
/**
 * Where the current stretch of playback began: the start of the played range that holds the
 * playhead (a play() racing the initial seek may leave a zero-length range at 0 before it).
 */
const playedFrom = (page: Page) =>
  page.$eval(PLAYER, (video) => {
    const v = video as HTMLVideoElement;
    for (let i = 0; i < v.played.length; i += 1) {
      if (
        v.played.start(i) <= v.currentTime &&
        v.currentTime <= v.played.end(i) &&
        v.played.end(i) > v.played.start(i)
      ) {
        return v.played.start(i);
      }
    }
    return null;
  });

/** The signed-in viewer's saved position in an episode, from GET /history. */
async function savedPosition(page: Page, episodeId: number): Promise<number | null> {
  return page.evaluate(async (id) => {
    const token = localStorage.getItem('refresh_token') ?? localStorage.getItem('token') ?? '';
    const response = await fetch('/api/v1/history?size=100', { headers: { authorization: token } });
    const body = (await response.json()) as { data: { list: { episode_id: number; position_s: number }[] } };
    return body.data.list.find((item) => item.episode_id === id)?.position_s ?? null;
  }, episodeId);
}

async function expectPlaying(page: Page, beyond = 1): Promise<void> {
  await expect.poll(() => currentTime(page), { timeout: 20_000, interval: 250 }).toBeGreaterThan(beyond);
}

async function openSettings(page: Page): Promise<void> {
  await page.click('[data-testid="video-settings"]');
  await page.locator('[data-testid="video-settings-sheet"]').waitFor();
}

async function closeSettings(page: Page): Promise<void> {
  await page.click('[data-testid="video-settings-sheet-close"]');
  await page.locator('[data-testid="video-settings-sheet"]').waitFor({ state: 'detached' });
}

describe('playback in the browser', () => {
  it('plays an episode: currentTime advances', async () => {
    const { context, page } = await freshPage();
    const first = subject.free[0]!;
    await page.goto(mobileVideo(first.id));
    await playerOf(page, first.id);
    await expectPlaying(page);
    await expect(page.locator('[data-testid="video-error"]').count()).resolves.toBe(0);
    await context.close();
  });

  it("turns segments into the MediaSource's format in hls.js's worker, from the build, not on the page's thread", async () => {
    const { context, page } = await freshPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    const first = subject.free[0]!;
    await page.goto(mobileVideo(first.id));
    await playerOf(page, first.id);
    await expectPlaying(page, 0.2);
    // One worker, shared by the episode's player and the next one's preload (hls.js keeps one per
    // path): the one the page started ahead of hls.js (lib/player/hls-worker.ts), taken over by
    // hls.js. Had hls.js not taken it, it would have started a second.
    expect(workers).toEqual([expect.stringMatching(/^\/assets\/hls\.worker-[\w-]+\.js$/)]);
    await context.close();
  });

  it("a cold deep link plays from the HTML's data: no GET /dramas/:id, /play for the first episode or /app/config", async () => {
    const { context, page } = await freshPage();
    const first = subject.free[0]!;
    const fromHtml = [`/api/v1/dramas/${subject.drama.id}`, `/api/v1/episodes/${first.id}/play`, '/api/v1/app/config'];
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (fromHtml.includes(path)) asked.push(path);
    });
    await page.goto(mobileVideo());
    await playerOf(page, first.id);
    await expectPlaying(page, 0.2);
    // The app has started (it renders the title) and has asked for none of them.
    await page.locator('[data-testid="video-title"]').waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });

  it("shows the drama's poster from the HTML until the page renders, then the page alone", async () => {
    const { context, page } = await freshPage();
    // No script runs: what the HTML draws by itself is the poster, loaded.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(mobileVideo());
    const stage = page.locator('[data-boot-stage] img');
    await expect.poll(() => stage.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await stage.getAttribute('alt')).toBe(subject.drama.title);
    expect(await stage.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/-720w\.webp$/);
    await page.unroute('**/assets/*.js');
    await page.reload();
    await playerOf(page, subject.free[0]!.id);
    await page.locator('[data-testid="video-title"]').waitFor();
    expect(await page.locator('[data-boot-stage]').count()).toBe(0);
    await context.close();
  });

  it('switches HD → SD and the playing level changes', async () => {
    const { context, page } = await freshPage();
    const first = subject.free[0]!;
    await page.goto(mobileVideo(first.id));
    await playerOf(page, first.id);
    await expectPlaying(page, 0.2);

    await openSettings(page);
    await page.click('[data-testid="quality-option-hd"]');
    await closeSettings(page);
    await expect.poll(() => page.getAttribute(PLAYER, 'data-level'), { timeout: 15_000 }).toBe('1280');
    await expect
      .poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).videoHeight), { timeout: 15_000 })
      .toBe(1280);

    await openSettings(page);
    await page.click('[data-testid="quality-option-sd"]');
    await closeSettings(page);
    await expect.poll(() => page.getAttribute(PLAYER, 'data-level'), { timeout: 15_000 }).toBe('854');
    // The decoded frames really are the SD rendition, not just the label.
    await expect
      .poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).videoHeight), { timeout: 15_000 })
      .toBe(854);
    expect(await page.evaluate(() => localStorage.getItem('video_quality'))).toBe('sd');
    await context.close();
  });

  it('shows a subtitle cue in each language, naming the drama in that language (the picture has no text)', async () => {
    const titles = {
      zh: ok(await api().call(getDrama, { params: { id: subject.drama.id }, query: { lang: 'zh' } })).title,
      en: subject.drama.title,
      tr: ok(await api().call(getDrama, { params: { id: subject.drama.id }, query: { lang: 'tr' } })).title,
    };
    expect(new Set(Object.values(titles)).size).toBe(3);
    const { context, page } = await freshPage();
    const first = subject.free[0]!;
    await page.goto(mobileVideo(first.id));
    await playerOf(page, first.id);
    await expectPlaying(page, 0.2);

    for (const lang of ['zh', 'en', 'tr'] as const) {
      await openSettings(page);
      await page.click(`[data-testid="subtitle-option-${lang}"]`);
      await closeSettings(page);
      // The demo's first cue (the drama and episode title) runs from 0.3 to about 1.8 s.
      await page.$eval(PLAYER, (video) => {
        const element = video as HTMLVideoElement;
        element.pause();
        element.currentTime = 0.8;
      });
      await expect
        .poll(
          () =>
            page.$eval(
              PLAYER,
              (video, language) => {
                const tracks = Array.from(
                  { length: (video as HTMLVideoElement).textTracks.length },
                  (_, i) => (video as HTMLVideoElement).textTracks[i]!,
                );
                const showing = tracks.filter((track) => track.mode === 'showing');
                if (showing.length !== 1 || showing[0]!.language !== language) return null;
                const active = showing[0]!.activeCues;
                return active && active.length > 0 ? (active[0] as VTTCue).text : null;
              },
              lang,
            ),
          { timeout: 10_000, interval: 200 },
        )
        .toContain(titles[lang]);
    }
    await context.close();
  });

  it('a swipe up goes to the next episode and it plays; ArrowUp comes back', async () => {
    const { context, page } = await freshPage();
    const [first, second] = subject.free as [EpisodeSummary, EpisodeSummary];
    await page.goto(mobileVideo(first.id));
    await playerOf(page, first.id);
    await expectPlaying(page, 0.2);
    // The next episode is preloaded in a hidden player.
    await page.locator(`[data-testid="video-preload"][data-episode-id="${second.id}"]`).waitFor({ state: 'attached' });

    const { width, height } = VIEWPORTS.phone;
    await page.mouse.move(width / 2, height * 0.7);
    await page.mouse.down();
    await page.mouse.move(width / 2, height * 0.45, { steps: 4 });
    await page.mouse.move(width / 2, height * 0.25, { steps: 4 });
    await page.mouse.up();

    await playerOf(page, second.id);
    expect(page.url()).toContain(`episode_id=${second.id}`);
    await expectPlaying(page, 0.5);
    await expect(page.locator('[data-testid="video-episode-number"]').innerText()).resolves.toBe(
      `Episode ${second.number}`,
    );

    await page.keyboard.press('ArrowUp');
    await playerOf(page, first.id);
    await context.close();
  });

  it('reaching a locked episode opens the unlock dialog with its prices', async () => {
    const { context, page } = await freshPage();
    const lastFree = subject.free.at(-1)!;
    await page.goto(mobileVideo(lastFree.id));
    await playerOf(page, lastFree.id);
    await page.keyboard.press('ArrowDown');

    const dialog = page.locator('[data-testid="unlock-dialog"]');
    await dialog.waitFor({ timeout: 15_000 });
    const { prices } = subject.drama;
    await expect(dialog.innerText()).resolves.toContain(`Episode ${subject.firstLocked.number} is locked`);
    await expect(page.locator('[data-testid="unlock-price-episode"]').innerText()).resolves.toBe(
      `Unlock this episode: ${prices.episode} coins`,
    );
    if (prices.locked_count > 1) {
      await expect(page.locator('[data-testid="unlock-price-all"]').innerText()).resolves.toBe(
        `Unlock all remaining (${prices.locked_count} episodes): ${prices.all} coins`,
      );
    }
    // A visitor is offered sign-in, not a purchase; nothing was played.
    await page.locator('[data-testid="unlock-sign-in"]').waitFor();
    await expect(page.locator(PLAYER).count()).resolves.toBe(0);
    await context.close();
  });

  it('shows a signed-in viewer both unlock buttons, the balance and the auto-unlock switch', async () => {
    const { context, page } = await freshPage(VIEWPORTS.desktop);
    await signInBySms(page, world.twilio, '2015550161');
    await page.goto(`/pages/video/index?drama_id=${subject.drama.id}&episode_id=${subject.free[0]!.id}`);
    await playerOf(page, subject.free[0]!.id);
    await page.click(`[data-testid="episode-tile-${subject.firstLocked.number}"]`);
    await page.locator('[data-testid="unlock-dialog"]').waitFor({ timeout: 15_000 });
    await expect(page.locator('[data-testid="unlock-episode"]').innerText()).resolves.toContain(
      String(subject.drama.prices.episode),
    );
    await page.locator('[data-testid="unlock-balance"]').waitFor();
    await expect(page.locator('[data-testid="unlock-auto"]').isChecked()).resolves.toBe(false);
    await context.close();
  });

  it('resumes a signed-in viewer near the saved position', async () => {
    const { context, page } = await freshPage();
    await signInBySms(page, world.twilio, '2015550162');
    const first = subject.free[0]!;
    await page.goto(mobileVideo(first.id));
    await playerOf(page, first.id);
    // Demo episodes are 6 s and the last 2 s count as finished (resume from 0), so pause early.
    await expectPlaying(page, 2.2);

    // Pausing saves the position (PUT /history); what the server kept is what resume must use.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/history') && r.request().method() === 'PUT');
    await page.$eval(PLAYER, (video) => (video as HTMLVideoElement).pause());
    expect(((await (await saved).json()) as { code: number }).code).toBe(200);
    const paused = await currentTime(page);
    await expect
      .poll(async () => (await savedPosition(page, first.id)) ?? -1, { timeout: 10_000 })
      .toBeCloseTo(paused, 0);
    const position = (await savedPosition(page, first.id))!;
    expect(position).toBeGreaterThan(2);

    // Reopen the drama without naming an episode: history decides where to start. Where playback
    // began is read from video.played, so how long the check takes on a busy machine is irrelevant.
    await page.goto('/pages/index/index');
    await page.goto(mobileVideo());
    await playerOf(page, first.id);
    await expect.poll(() => playedFrom(page), { timeout: 15_000, interval: 100 }).not.toBeNull();
    const start = (await playedFrom(page))!;
    expect(Math.abs(start - position)).toBeLessThan(1);
    await context.close();
  });
});
