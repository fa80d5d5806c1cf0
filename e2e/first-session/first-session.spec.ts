import { getDrama, listDramas, postLogout, postUnlock, type DramaDetail } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.js';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * A new viewer's first session in Chromium, against a server of its own (PGlite, demo
 * catalogue, the fake SMS sink): signing in mid-session checks in, a network blip at launch
 * keeps the session and a session that really ended says so.
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

const REWARDS = '/pages/Rewards/index';
const ME = '/pages/user/index';

let phoneSerial = 2015550300;
const nextPhone = () => String(phoneSerial++);

async function freshPage(viewport: ViewportSize = VIEWPORTS.phone): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

const api = (token?: string | null) => apiFor(world.server.url, token);
/** The demo catalogue's first page in English, and a drama of it. */
const dramaList = async () => (await api().call(listDramas, { query: { size: 50, lang: 'en' } })).data;
const dramaDetail = async (id: number) => (await api().call(getDrama, { params: { id }, query: { lang: 'en' } })).data;

/** A demo drama's first locked episode (the demo gives each drama free episodes, then paid ones). */
async function lockedEpisode(): Promise<{ drama: DramaDetail; episodeId: number }> {
  const list = await dramaList();
  for (const card of list.list) {
    const drama = await dramaDetail(card.id);
    const locked = drama.episodes.find((episode) => episode.locked);
    if (locked) return { drama, episodeId: locked.id };
  }
  throw new Error('the demo catalogue has no locked episode');
}

const text = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).innerText({ timeout: 10_000 });
/** Polls a condition for up to 15 s (a busy machine), never a fixed sleep. */
const SLOW = { timeout: 15_000, interval: 100 };
const isCheckin = (request: Request) => request.url().endsWith('/api/v1/task/checkin') && request.method() === 'POST';

describe.each([
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const)('first session at %s size', (_size, viewport) => {
  it('signing in from the unlock dialog checks in: Rewards shows day 1 done and the coins, without a reload', async () => {
    const { drama, episodeId } = await lockedEpisode();
    const { context, page } = await freshPage(viewport);
    const checkins: Request[] = [];
    page.on('request', (request) => {
      if (isCheckin(request)) checkins.push(request);
    });
    const mobile = viewport.width <= 960;
    const video = mobile ? '/pages/video/mobileVideoIndex' : '/pages/video/index';
    await page.goto(`${video}?drama_id=${drama.id}&episode_id=${episodeId}`);
    await page.locator('[data-testid="unlock-sign-in"]').click();
    await page.waitForURL(/\/pages\/login\//);
    await page.fill('[data-testid="login-phone"]', nextPhone());
    const phone = `+1${await page.inputValue('[data-testid="login-phone"]')}`;
    await page.click('[data-testid="login-send-code"]');
    await expect.poll(() => world.twilio.lastCodeFor(phone), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.fill('[data-testid="login-code"]', world.twilio.lastCodeFor(phone)!);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/pages\/video\//);

    // Back on the episode, signed in; Rewards is a tap away (no reload in between).
    await page.waitForFunction(() => localStorage.getItem('token') !== null);
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, REWARDS);
    const day1 = page.locator('[data-testid="checkin-day-1"]');
    await expect.poll(() => day1.getAttribute('data-state'), SLOW).toBe('done');
    await expect.poll(async () => Number(await text(page, 'rewards-balance-value')), SLOW).toBeGreaterThan(0);
    expect(checkins).toHaveLength(1);
    expect(loads).toEqual([]);
    await context.close();
  });

  it('a network blip at launch keeps the session: Network Error, then the retry succeeds', async () => {
    const { context, page } = await freshPage(viewport);
    const user = await signInBySms(page, world.twilio, nextPhone());
    let refuse = true;
    const refused: string[] = [];
    await page.route('**/api/v1/user', async (route) => {
      if (refuse && route.request().method() === 'GET') {
        refused.push(route.request().url());
        await route.abort('connectionrefused');
      } else {
        await route.fallback();
      }
    });
    await page.goto(ME);
    await expect.poll(() => text(page, 'toast'), SLOW).toBe('Network Error');
    expect(refused.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    expect(await text(page, 'me-nickname')).toBe(user.nickname);

    // The network is back: the next retry gets the user info, still signed in.
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/user') && response.request().method() === 'GET',
      { timeout: 30_000 },
    );
    refuse = false;
    expect((await answered).status()).toBe(200);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    expect(await text(page, 'me-nickname')).toBe(user.nickname);
    await context.close();
  });

  it('a session that really ended says "sign in again" instead of silently dropping to Not logged in', async () => {
    const { context, page } = await freshPage(viewport);
    await signInBySms(page, world.twilio, nextPhone());
    const token = await page.evaluate(() => localStorage.getItem('refresh_token') ?? localStorage.getItem('token'));
    // Signed out elsewhere: the server revokes the session (Code.SESSION_REVOKED from now on).
    const out = await api(token).call(postLogout);
    expect(out.code).toBe(200);
    // The toast lasts 2 s and can come and go before a busy machine's 'load' event: watch from the first byte.
    await page.goto(ME, { waitUntil: 'commit' });
    await expect.poll(() => text(page, 'toast'), SLOW).toMatch(/Please sign in again\.?$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), SLOW).toBeNull();
    await context.close();
  });

  it('claim buttons tell the truth: progress shown, disabled until something is claimable, the claimable one stands out', async () => {
    const { context, page } = await freshPage(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
    await signInBySms(page, world.twilio, nextPhone());
    await page.goto(REWARDS);
    const watch = page.locator('[data-testid="task-watch_video-claim"]');
    await expect.poll(() => text(page, 'task-watch_video-progress'), SLOW).toMatch(/^0\/\d+ videos$/);
    expect(await watch.isDisabled()).toBe(true);
    const share = page.locator('[data-testid="task-share_app-claim"]');
    expect(await share.isDisabled()).toBe(true);
    expect(await page.locator('.task--claimable').count()).toBe(0);

    await page.click('[data-testid="task-share_app-go"]');
    await expect.poll(() => share.isDisabled(), SLOW).toBe(false);
    expect(await text(page, 'task-share_app-progress')).toBe('1/1 shared');
    expect(await page.locator('[data-testid="task-share_app"]').getAttribute('class')).toContain('task--claimable');
    expect(await watch.isDisabled()).toBe(true);
    await context.close();
  });

  it('without an App Store page configured, the download page shows the web app QR and says the operator configures iOS', async () => {
    const { context, page } = await freshPage(viewport);
    await page.goto('/pages/download/index');
    await page.locator('[data-testid="download-ios-pending"]').waitFor();
    expect(await page.locator('a[href*="apps.apple.com"]').count()).toBe(0);
    await page.locator('[data-testid="download-web-qr"] img[src^="data:image"]').waitFor();
    await context.close();
  });

  it('opening a locked episode is no error: the unlock dialog, and nothing in the console', async () => {
    const { drama, episodeId } = await lockedEpisode();
    const { context, page } = await freshPage(viewport);
    await signInBySms(page, world.twilio, nextPhone());
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/')) statuses.push(response.status());
    });
    const mobile = viewport.width <= 960;
    const video = mobile ? '/pages/video/mobileVideoIndex' : '/pages/video/index';
    await page.goto(`${video}?drama_id=${drama.id}&episode_id=${episodeId}`);
    await page.locator('[data-testid="unlock-dialog"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
    await context.close();
  });

  it('wallet rows say what happened: the drama and episode unlocked, the task claimed, the check-in day', async () => {
    // The cheapest locked episode in the demo, so a check-in and one task pay for it.
    const list = await dramaList();
    const candidates = await Promise.all(list.list.map((card) => dramaDetail(card.id)));
    const locked = candidates
      .flatMap((drama) => drama.episodes.filter((e) => e.locked).map((episode) => ({ drama, episode })))
      .sort((a, b) => a.episode.price - b.episode.price)[0]!;
    const { context, page } = await freshPage(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
    await signInBySms(page, world.twilio, nextPhone());
    await page.goto(REWARDS);
    await expect.poll(() => page.locator('[data-testid="checkin-day-1"]').getAttribute('data-state'), SLOW).toBe('done');
    await page.click('[data-testid="task-share_app-go"]');
    const claim = page.locator('[data-testid="task-share_app-claim"]');
    await expect.poll(() => claim.isDisabled(), SLOW).toBe(false);
    await claim.click();
    await expect.poll(() => claim.innerText(), SLOW).toBe('Claimed');
    const token = await page.evaluate(() => localStorage.getItem('refresh_token') ?? localStorage.getItem('token'));
    const unlocked = await api(token).call(postUnlock, { body: { episode_id: locked.episode.id } });
    expect(unlocked.code).toBe(200);

    await page.goto('/pages/user/wallet');
    const detail = (kind: string) =>
      page.locator(`[data-testid="wallet-entry"][data-kind="${kind}"] [data-role="wallet-detail"]`).first().innerText({ timeout: 10_000 });
    await expect.poll(() => detail('consume'), SLOW).toBe(`${locked.drama.title} · Episode ${locked.episode.number}`);
    expect(await detail('share_app_reward')).toBe('Task: share the app');
    expect(await detail('checkin_reward')).toBe('Day 1 check-in');
    await context.close();
  });

  it('failing segments say so quickly: a spinner, then "Failed to load video" with a retry that plays', async () => {
    const drama = (await dramaList()).list[0]!;
    const detail = await dramaDetail(drama.id);
    const free = detail.episodes.find((episode) => episode.free)!;
    const { context, page } = await freshPage(viewport);
    let failing = true;
    let firstFailure = 0;
    await page.route(/\/media\/.*\.(ts|m4s)(\?|$)/, async (route) => {
      if (!failing) return route.fallback();
      firstFailure ||= Date.now();
      return route.abort('connectionreset');
    });
    const mobile = viewport.width <= 960;
    await page.goto(`${mobile ? '/pages/video/mobileVideoIndex' : '/pages/video/index'}?drama_id=${drama.id}&episode_id=${free.id}`);
    await page.locator('[data-testid="video-error"][data-error="loadVideoFailed"]').waitFor({ timeout: 20_000 });
    // The budget is 8 s from the first failure; hls.js alone took ~31 s.
    expect(Date.now() - firstFailure).toBeLessThan(15_000);
    expect(await text(page, 'video-error')).toContain('Failed to load video');
    failing = false;
    await page.click('[data-testid="video-retry"]');
    await expect
      .poll(() => page.$eval('[data-testid="video-player"]', (video) => (video as HTMLVideoElement).currentTime), {
        timeout: 20_000,
        interval: 250,
      })
      .toBeGreaterThan(0.3);
    await context.close();
  });

  it('a network that stalls mid-episode: the spinner shows, then the error with retry', async () => {
    const drama = (await dramaList()).list[0]!;
    const detail = await dramaDetail(drama.id);
    const free = detail.episodes.find((episode) => episode.free)!;
    const { context, page } = await freshPage(viewport);
    // The first two segments arrive, every later one hangs: no error, just no data, mid-episode.
    let served = 0;
    await page.route(/\/media\/.*\.(ts|m4s)(\?|$)/, async (route) => {
      if (served < 2) {
        served += 1;
        return route.fallback();
      }
      await new Promise(() => undefined);
    });
    const mobile = viewport.width <= 960;
    await page.goto(`${mobile ? '/pages/video/mobileVideoIndex' : '/pages/video/index'}?drama_id=${drama.id}&episode_id=${free.id}`);
    const player = page.locator('[data-testid="video-player"]');
    await player.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => player.evaluate((video) => (video as HTMLVideoElement).currentTime), { timeout: 20_000, interval: 250 })
      .toBeGreaterThan(0.1);
    await page.locator('[data-testid="video-buffering"]').waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="video-error"][data-error="loadVideoFailed"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid="video-retry"]').isVisible()).toBe(true);
    await context.close();
  });
});
