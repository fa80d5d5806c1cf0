import { getDrama, listDramas, type DramaDetail, type EpisodeSummary } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { startWalletWorld, TEST_DATABASE_URL, type WalletWorld } from './wallet-world.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * Coins in Chromium: a signed-in viewer with coins unlocks one episode and
 * then all, sees the balance fall by the shown prices, the episodes play, and the wallet lists the
 * entries under expense; a VIP viewer plays a locked episode with no dialog.
 *
 * Runs on PostgreSQL only (see wallet-world.ts). Outside CI without TEST_DATABASE_URL the suite is
 * left out with a one-line reason; in CI that is a failure, like every other missing tool.
 */
const NEEDS = 'e2e/wallet needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)';
if (!TEST_DATABASE_URL) {
  if (process.env.CI === 'true') throw new Error(`${NEEDS}: CI must run it`);
  console.warn(`[skip] ${NEEDS}`);
}

let browser: Browser;
let world: WalletWorld;

interface Subject {
  drama: DramaDetail;
  locked: EpisodeSummary[];
}
let subject: Subject;

const api = () => apiFor(world.server.url);

/** A demo drama with at least three locked episodes, so "all" is still offered after one. */
async function findSubject(): Promise<Subject> {
  const list = ok(await api().call(listDramas, { query: { size: 50, lang: 'en' } }));
  for (const card of list.list) {
    const drama = ok(await api().call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
    const locked = drama.episodes.filter((episode) => episode.locked);
    if (locked.length >= 3) return { drama, locked };
  }
  throw new Error('the demo catalogue has no drama with three locked episodes');
}

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport: VIEWPORTS.desktop, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

const PLAYER = '[data-testid="video-player"]';
const videoPath = (episodeId: number) => `/pages/video/index?drama_id=${subject.drama.id}&episode_id=${episodeId}`;

async function expectPlays(page: Page, episodeId: number): Promise<void> {
  await page.locator(`${PLAYER}[data-episode-id="${episodeId}"]`).waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).currentTime), {
      timeout: 20_000,
      interval: 250,
    })
    .toBeGreaterThan(0.5);
}

/** The first whole number in a locator's text ("Unlock this episode: 30 coins" → 30). */
async function numberIn(page: Page, selector: string): Promise<number> {
  const text = await page.locator(selector).innerText();
  const match = /\d+/.exec(text);
  if (!match) throw new Error(`no number in ${selector}: "${text}"`);
  return Number(match[0]);
}

/** The balance the Me tab shows (it refreshes GET /user when shown). */
/**
 * The balance Me shows once it has refreshed the user (it draws the stored user info first, then
 * GET /user): the server's balance, which the page must show.
 */
async function meCoin(page: Page): Promise<number> {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/user' && response.request().method() === 'GET',
  );
  await page.goto('/pages/user/index');
  const { data } = (await (await answered).json()) as { data: { coin: number } };
  await expect.poll(() => numberIn(page, '[data-testid="me-coin"]'), { timeout: 10_000 }).toBe(data.coin);
  return data.coin;
}

describe.skipIf(!TEST_DATABASE_URL)('coins in the browser (PostgreSQL)', () => {
  beforeAll(async () => {
    world = await startWalletWorld(TEST_DATABASE_URL!);
    browser = await launchBrowser();
    subject = await findSubject();
  });
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  it('unlocks one episode, then all: the balance falls by the shown prices, they play, the wallet lists them', async () => {
    const { context, page } = await freshPage();
    const uid = (await signInBySms(page, world.twilio, '2015550181')).uid;
    // Whatever signing in gave (a launch check-in, once rewards exist), plus a giveaway from the CLI.
    const before = await meCoin(page);
    const GIFT = 1000;
    await expect(world.walletCli('credit', String(uid), String(GIFT), 'giveaway', `e2e-${uid}`)).resolves.toContain(
      `Credited ${GIFT} coins`,
    );
    const START = before + GIFT;
    await expect.poll(() => meCoin(page), { timeout: 10_000 }).toBe(START);

    // One episode: the dialog shows its price and the balance before the tap.
    const [first, second, ...rest] = subject.locked as [EpisodeSummary, EpisodeSummary, ...EpisodeSummary[]];
    await page.goto(videoPath(first.id));
    await page.locator('[data-testid="unlock-dialog"]').waitFor({ timeout: 15_000 });
    expect(await numberIn(page, '[data-testid="unlock-balance"]')).toBe(START);
    const single = await numberIn(page, '[data-testid="unlock-price-episode"]');
    expect(single).toBe(first.price);
    await page.click('[data-testid="unlock-episode"]');
    await expectPlays(page, first.id);
    await expect(page.locator('[data-testid="unlock-dialog"]').count()).resolves.toBe(0);
    await expect(
      page.locator(`[data-testid="episode-tile-${first.number}"]`).getAttribute('data-locked'),
    ).resolves.toBe('false');

    // Then all that remain: the dialog of the next one shows the lower balance and the "all" price.
    await page.click(`[data-testid="episode-tile-${second.number}"]`);
    await page.locator('[data-testid="unlock-dialog"]').waitFor({ timeout: 15_000 });
    expect(await numberIn(page, '[data-testid="unlock-balance"]')).toBe(START - single);
    const allText = await page.locator('[data-testid="unlock-price-all"]').innerText();
    const [, count, all] = /\((\d+) episodes\): (\d+) coins/.exec(allText) ?? [];
    expect(Number(count)).toBe(subject.locked.length - 1);
    const allPrice = Number(all);
    expect(allPrice).toBeGreaterThan(0);
    await page.click('[data-testid="unlock-all"]');
    await expectPlays(page, second.id);
    for (const episode of rest) {
      await expect(
        page.locator(`[data-testid="episode-tile-${episode.number}"]`).getAttribute('data-locked'),
      ).resolves.toBe('false');
    }
    // The last of them plays too, with no dialog.
    const last = rest.at(-1)!;
    await page.click(`[data-testid="episode-tile-${last.number}"]`);
    await expectPlays(page, last.id);
    await expect(page.locator('[data-testid="unlock-dialog"]').count()).resolves.toBe(0);

    // The same balance on Me, Rewards and the wallet.
    const left = START - single - allPrice;
    expect(await meCoin(page)).toBe(left);
    await page.goto('/pages/Rewards/index');
    await expect.poll(() => numberIn(page, '[data-testid="rewards-balance-value"]')).toBe(left);

    await page.goto('/pages/user/wallet');
    await page.click('[data-testid="wallet-tab-expense"]');
    await expect.poll(() => page.url()).toContain('type=expense');
    const expense = page.locator('[data-testid="wallet-entry"]');
    await expect.poll(() => expense.count(), { timeout: 10_000 }).toBe(2);
    // Newest first: "all", then the single episode.
    await expect(expense.nth(0).locator('[data-role="wallet-amount"]').innerText()).resolves.toBe(`\u2212${allPrice}`);
    await expect(expense.nth(1).locator('[data-role="wallet-amount"]').innerText()).resolves.toBe(`\u2212${single}`);
    await expect(expense.nth(0).locator('[data-role="wallet-kind"]').innerText()).resolves.toBe('Consumption');
    await expect(expense.nth(0).getAttribute('data-group')).resolves.toBe('expense');
    expect(await numberIn(page, '[data-testid="wallet-balance-value"]')).toBe(left);

    await page.click('[data-testid="wallet-tab-income"]');
    await expect
      .poll(() => page.locator('[data-testid="wallet-entry"][data-kind="giveaway"]').count(), { timeout: 10_000 })
      .toBe(1);
    await expect(page.locator('[data-testid="wallet-entry"][data-group="expense"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('with auto-unlock on, moving on to a locked episode buys it without the dialog and it plays', async () => {
    const { context, page } = await freshPage();
    const uid = (await signInBySms(page, world.twilio, '2015550183')).uid;
    await world.walletCli('credit', String(uid), '500', 'giveaway', `e2e-auto-${uid}`);
    const start = await meCoin(page);
    await page.evaluate(() => localStorage.setItem('video_auto_unlock', 'true'));
    const episodes = subject.drama.episodes;
    const firstLocked = subject.locked[0]!;
    const before = episodes[episodes.indexOf(episodes.find((episode) => episode.id === firstLocked.id)!) - 1]!;
    expect(before.locked).toBe(false);

    await page.goto(videoPath(before.id));
    await expectPlays(page, before.id);
    await page.keyboard.press('ArrowDown');
    await expectPlays(page, firstLocked.id);
    await expect(page.locator('[data-testid="unlock-dialog"]').count()).resolves.toBe(0);
    expect(await meCoin(page)).toBe(start - firstLocked.price);
    await context.close();
  });

  it('a VIP viewer plays a locked episode with no dialog and pays nothing', async () => {
    const { context, page } = await freshPage();
    const uid = (await signInBySms(page, world.twilio, '2015550182')).uid;
    await expect(world.walletCli('grant-vip', String(uid), '30')).resolves.toContain('VIP until');
    const before = await meCoin(page);
    const episode = subject.locked.at(-1)!;
    await page.goto(videoPath(episode.id));
    await expectPlays(page, episode.id);
    await expect(page.locator('[data-testid="unlock-dialog"]').count()).resolves.toBe(0);
    await expect(
      page.locator(`[data-testid="episode-tile-${episode.number}"]`).getAttribute('data-locked'),
    ).resolves.toBe('false');
    expect(await meCoin(page)).toBe(before);
    await page.goto('/pages/user/wallet?type=expense');
    await page.locator('[data-testid="wallet-list"]').getByText('No records.').waitFor();
    await context.close();
  });
});
