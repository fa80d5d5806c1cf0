import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  getCoinTypes,
  getDrama,
  getMemberTypes,
  listDramas,
  type CoinPack,
  type DramaDetail,
  type EpisodeSummary,
} from '@cliffhanger/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';
import { signInBySms } from '../support/sign-in.js';
import { startPaymentsWorld, TEST_DATABASE_URL, type PaymentsWorld } from '../support/payments-world.js';

/**
 * The store as a viewer meets it, against the Stripe stand-in, at phone and desktop size:
 * - short of coins at the unlock dialog: it says how many coins are missing and offers, in one
 *   tap each, the smallest pack that covers them and VIP; paying for the pack brings the viewer
 *   back to the same episode, which then unlocks and plays;
 * - a VIP member on the VIP page: their plan and date instead of "Become a VIP", the other plans
 *   and how to switch; once cancelled, what buying another plan does (charged today, added after
 *   the current end), in en, zh and tr.
 *
 * PostgreSQL only, like the payments suite (the fulfilment writes the wallet).
 */
const NEEDS = 'e2e/payments needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)';
if (!TEST_DATABASE_URL && process.env.CI === 'true') throw new Error(`${NEEDS}: CI must run it`);

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

let browser: Browser;
let world: PaymentsWorld;
let subject: { drama: DramaDetail; locked: EpisodeSummary };
let packs: CoinPack[];

const api = () => apiFor(world.server.url);
const PLAYER = '[data-testid="video-player"]';

async function findSubject(): Promise<{ drama: DramaDetail; locked: EpisodeSummary }> {
  const list = ok(await api().call(listDramas, { query: { size: 50, lang: 'en' } }));
  for (const card of list.list) {
    const drama = ok(await api().call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
    const locked = drama.episodes.find((episode) => episode.locked);
    if (locked) return { drama, locked };
  }
  throw new Error('the demo catalogue has no locked episode');
}

async function expectPlays(page: Page, episodeId: number): Promise<void> {
  await page.locator(`${PLAYER}[data-episode-id="${episodeId}"]`).waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).currentTime), {
      timeout: 20_000,
      interval: 250,
    })
    .toBeGreaterThan(0.5);
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

describe.skipIf(!TEST_DATABASE_URL)('the store for a viewer (Stripe stand-in, PostgreSQL)', () => {
  beforeAll(async () => {
    world = await startPaymentsWorld(TEST_DATABASE_URL!);
    browser = await launchBrowser();
    subject = await findSubject();
    packs = ok(await api().call(getCoinTypes, { query: { currency: 'USD' } }));
  });
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  const sizes: [string, ViewportSize, string][] = [
    ['390x844', VIEWPORTS.phone, '2015550301'],
    ['1280x800', VIEWPORTS.desktop, '2015550302'],
  ];

  it.each(sizes)(
    'at %s: the dialog names the missing coins and the covering pack; one tap pays, and the same episode unlocks and plays',
    async (label, viewport, phone) => {
      const context = await browser.newContext({ baseURL: world.server.url, viewport, locale: 'en-US' });
      const page = await context.newPage();
      const user = await signInBySms(page, world.twilio, phone);
      const { drama, locked } = subject;
      const price = locked.price;
      expect(user.coin).toBeLessThan(price);
      const missing = price - user.coin;
      const covering = [...packs]
        .sort((a, b) => a.coins + a.bonus_coins - (b.coins + b.bonus_coins))
        .find((pack) => pack.coins + pack.bonus_coins >= missing)!;

      const episodeUrl = `/pages/video/index?drama_id=${drama.id}&episode_id=${locked.id}`;
      await page.goto(episodeUrl);
      const dialog = page.locator('[data-testid="unlock-dialog"]');
      await dialog.waitFor({ timeout: 20_000 });

      const shortfall = page.locator('[data-testid="unlock-shortfall"]');
      await expect.poll(() => shortfall.textContent()).toBe(`You need ${missing} more coins`);
      // The tap the viewer made anyway: the server refuses (not enough coins), and the dialog
      // answers it in words instead of staying as it was.
      const refused = page.waitForResponse((response) => response.url().endsWith('/api/v1/unlock'));
      await page.click('[data-testid="unlock-episode"]');
      await refused;
      await expect.poll(() => shortfall.textContent()).toBe(`Not unlocked: you need ${missing} more coins`);
      await expect(shortfall.getAttribute('role')).resolves.toBe('alert');
      // Visible, not hidden under the fold of the dialog.
      await expect(shortfall.isVisible()).resolves.toBe(true);

      // The covering pack, with its coins and price, is one tap away; so is VIP.
      const buyPack = page.locator('[data-testid="unlock-buy-pack"]');
      await expect(buyPack.innerText()).resolves.toContain(String(covering.coins + covering.bonus_coins));
      await expect(buyPack.innerText()).resolves.toContain(`$${(covering.price_cents / 100).toFixed(2)}`);
      await expect(page.locator('[data-testid="unlock-get-vip"]').isVisible()).resolves.toBe(true);
      await shoot(page, `short-of-coins-dialog-${label}`);

      await buyPack.click();
      await page.waitForURL((url) => url.href.startsWith(`${world.stripe.url}/checkout/`), { timeout: 15_000 });
      await expect(page.locator('[data-testid="fake-stripe-total"]').innerText()).resolves.toContain(
        (covering.price_cents / 100).toFixed(2),
      );
      await page.click('[data-testid="fake-stripe-pay"]');

      // Back on the success page, which offers the way back to the episode …
      await page.locator('[data-testid="payment-success"][data-state="fulfilled"]').waitFor({ timeout: 20_000 });
      const back = page.locator('[data-testid="payment-back-to-episode"]');
      await back.waitFor();
      await shoot(page, `short-of-coins-success-${label}`);
      await back.click();
      // … where the same episode is unlocked with the new coins and plays.
      await page.waitForURL((url) => url.searchParams.get('episode_id') === String(locked.id));
      await expectPlays(page, locked.id);
      await expect(dialog.count()).resolves.toBe(0);
      await context.close();
    },
    150_000,
  );

  it('a VIP member sees their plan, the others and how to switch; cancelled, what another plan would do', async () => {
    const plans = ok(await api().call(getMemberTypes, { query: { pay_channel: 'stripe', currency: 'USD' } }));
    const month = plans.find((plan) => plan.period === 'month')!;
    const context = await browser.newContext({ baseURL: world.server.url, viewport: VIEWPORTS.phone, locale: 'en-US' });
    const page = await context.newPage();
    await signInBySms(page, world.twilio, '2015550303');
    await page.goto(`/pages/user/vip?plan=${month.id}`);
    await expect.poll(() => page.locator('[data-testid="vip-buy"]').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.click('[data-testid="vip-buy"]');
    await page.waitForURL((url) => url.href.startsWith(`${world.stripe.url}/checkout/`), { timeout: 15_000 });
    await page.click('[data-testid="fake-stripe-pay"]');
    await page.locator('[data-testid="payment-success"][data-state="fulfilled"]').waitFor({ timeout: 20_000 });

    const headline = page.locator('[data-testid="vip-headline"]');
    const status = page.locator('[data-testid="vip-membership-status"]');
    for (const [label, size] of [
      ['390x844', VIEWPORTS.phone],
      ['1280x800', VIEWPORTS.desktop],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto('/pages/user/vip');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Renews on /);
      await expect(headline.innerText()).resolves.toBe('You are a VIP');
      await expect(page.getByText('Become a VIP').count()).resolves.toBe(0);
      await expect(page.locator('[data-testid="vip-buy"]').count()).resolves.toBe(0);
      await expect(page.locator(`[data-testid="vip-other-plan-${month.id}"]`).count()).resolves.toBe(0);
      await expect(page.locator('[data-testid="vip-other-plans"] li').count()).resolves.toBe(plans.length - 1);
      const endDate = (await status.textContent())!.replace(/^Renews on /, '');
      await expect(page.locator('[data-testid="vip-subscribed"]').innerText()).resolves.toContain(
        `cancel the renewal above (you keep VIP until ${endDate})`,
      );
      await shoot(page, `vip-member-${label}`);
    }

    // Cancelled: Resume is the way back; another plan says what it costs and when its time runs.
    await page.click('[data-testid="vip-cancel"]');
    await page.click('[data-testid="vip-cancel-dialog-confirm"]');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Ends on /);
    const endDate = (await status.textContent())!.replace(/^Ends on /, '');
    const price = `$${(month.price_cents / 100).toFixed(2)}`;
    const terms = page.locator('[data-testid="vip-terms"]');
    await expect
      .poll(() => terms.textContent())
      .toContain(`You pay ${price} today. Your VIP runs until ${endDate}; this plan adds one month after that.`);
    await expect(page.locator('[data-testid="vip-buy"]').innerText()).resolves.toBe(`Pay ${price} now`);
    await page.locator('[data-testid="vip-resume"]').waitFor();
    await page.locator('[data-testid="toast"]').waitFor({ state: 'detached' });
    await shoot(page, 'vip-cancelled-1280x800');
    await page.setViewportSize(VIEWPORTS.phone);
    await shoot(page, 'vip-cancelled-390x844');

    for (const [language, member, today] of [
      ['zh', '您已是 VIP', '今天支付'],
      ['tr', 'VIP üyesisiniz', 'Bugün'],
    ] as const) {
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      await page.goto('/pages/user/vip');
      await expect.poll(() => headline.textContent(), { timeout: 10_000 }).toBe(member);
      await expect.poll(() => terms.textContent(), { timeout: 10_000 }).toContain(today);
      await shoot(page, `vip-cancelled-390x844-${language}`);
    }
    await context.close();
  }, 150_000);
});
