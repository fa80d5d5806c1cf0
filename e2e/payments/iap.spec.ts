import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  getCoinTypes,
  getMembership,
  getMemberTypes,
  getOrder,
  getUser,
  type CoinPack,
  type MemberPlan,
  type UserInfo,
} from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { apiFor, ok } from '../support/api.js';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import {
  fakeNativePurchasesScript,
  type FakeLogEntry,
  type FakeStoreKitControl,
  type FakeStoreKitSettings,
  type FakeStoreKitState,
} from '../support/fake-native-purchases.js';
import { createDatabase } from '@cliffhanger/test-kit/pg-admin';
import { startServer, type RunningServer } from '../support/server-process.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * The web app's in-app purchase bridge (apps/web/src/lib/iap) in Chromium, as it runs inside the
 * iOS shell: a fake StoreKit plugin on `window.Capacitor` (support/fake-native-purchases.ts) and
 * the real server with in-app purchase on for APPLE_ENVIRONMENT=Xcode, where the signed
 * transaction's signature is not checked but its payload is (bundle id, environment, product,
 * app account token, once per transaction id). On the VIP store at phone size: the loader and
 * the App Store prices, buying a pack and a plan, a failed purchase, Ask to Buy, a restore at
 * launch, and a failed setup.
 *
 * PostgreSQL (a fresh database) with TEST_DATABASE_URL, else embedded PGlite.
 */
declare global {
  interface Window {
    __fakeStoreKit: FakeStoreKitControl;
  }
}

const BUNDLE_ID = 'app.cliffhanger.e2e';
const TWILIO_SID = 'AC00000000000000000000000000000e2e';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the App Store answers for each product: euros, so they cannot be mistaken for the server's USD prices. */
const APP_STORE_PRICES: Record<string, string> = {
  'cliffhanger.vip.week': '€4.49',
  'cliffhanger.vip.month': '€13.99',
  'cliffhanger.vip.quarter': '€32.99',
  'cliffhanger.vip.year': '€94.99',
  'cliffhanger.coins.100': '€1.09',
  'cliffhanger.coins.500': '€5.49',
  'cliffhanger.coins.1000': '€10.99',
  'cliffhanger.coins.2000': '€21.99',
  'cliffhanger.coins.5000': '€54.99',
};

const LOADER = 'Checking payment environment...';
const INIT_FAILED = 'Payment initialization failed';
const PURCHASE_FAILED = 'Purchase Failed';
const DEFERRED = 'Waiting for approval. The purchase completes once it is approved.';

let browser: Browser | undefined;
let server: RunningServer | undefined;
let twilio: FakeTwilio | undefined;
let cleanup: (() => Promise<void>) | undefined;
let packs: CoinPack[];
let plans: MemberPlan[];
let nextPhone = 2015550431;

/** expect.poll with room for a busy machine. */
const eventually = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 15_000, interval: 100, ...options });

/** The typed client, signed in with `token` when given. */
const api = (token?: string) => apiFor(server!.url, token);

const userOf = async (token: string) => ok(await api(token).call(getUser));
const coinOf = async (token: string) => (await userOf(token)).coin;
/** An order of the signed-in user; the id is one this device kept (none: the spec fails here). */
const orderOf = async (orderId: string | undefined, token: string) => {
  if (orderId === undefined) throw new Error('no order id kept for this purchase');
  return ok(await api(token).call(getOrder, { params: { id: orderId } }));
};
const membershipOf = async (token: string) => ok(await api(token).call(getMembership));

const pack = (id: string): CoinPack => {
  const found = packs.find((candidate) => candidate.id === id);
  if (!found?.apple_product_id) throw new Error(`no App Store pack ${id}`);
  return found;
};

/** A page inside the "iOS shell": the fake StoreKit plugin is there before the app loads. */
async function shell(settings: Partial<FakeStoreKitSettings> = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser!.newContext({ baseURL: server!.url, viewport: VIEWPORTS.phone, locale: 'en-US' });
  await context.addInitScript({
    content: fakeNativePurchasesScript({
      purchase: 'succeed',
      setup: 'ok',
      holdSetup: false,
      holdPurchase: false,
      bundleId: BUNDLE_ID,
      environment: 'Xcode',
      prices: APP_STORE_PRICES,
      subscriptions: plans.flatMap((plan) => (plan.product_id ? [plan.product_id] : [])),
      ...settings,
    }),
  });
  return { context, page: await context.newPage() };
}

/** Signs in by SMS (the check-in it sends has been answered) and answers the access token. */
async function signIn(page: Page): Promise<string> {
  await signInBySms(page, twilio!, String(nextPhone++));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no token after signing in');
  return token;
}

const storeKit = (page: Page): Promise<FakeStoreKitState> => page.evaluate(() => window.__fakeStoreKit.state());

const events = async <E extends FakeLogEntry['event']>(page: Page, event: E) =>
  (await storeKit(page)).log.filter((entry): entry is Extract<FakeLogEntry, { event: E }> => entry.event === event);

/** Where in the fake's log each of these happened: finishing must come after the confirm's answer. */
async function sequence(page: Page, transactionId: string) {
  const { log } = await storeKit(page);
  return {
    answers: log.flatMap((entry, at) => (entry.event === 'confirm-answered' ? [{ at, code: entry.code }] : [])),
    finish: log.findIndex((entry) => entry.event === 'finish' && entry.transactionId === transactionId),
  };
}

/** The order this device started for an app account token (the web keeps them in localStorage). */
async function orderOfToken(page: Page, appAccountToken: string): Promise<string | undefined> {
  const memory = await page.evaluate(() => localStorage.getItem('iap.orders'));
  return (JSON.parse(memory ?? '{}') as Record<string, string>)[appAccountToken.toLowerCase()];
}

/** How many launches (setups that reached the restore) the fake has seen in this context. */
async function launches(page: Page): Promise<number> {
  if (!page.url().startsWith('http')) return 0;
  return (await events(page, 'getPurchases')).length;
}

/** Opens the store as a new launch and waits for the setup: the loader is gone and the launch restore has asked StoreKit. */
async function storeReady(page: Page, tab: 'vip' | 'coins'): Promise<void> {
  const before = await launches(page);
  await page.goto(tab === 'coins' ? '/pages/user/vip?tab=coins' : '/pages/user/vip');
  await eventually(() => launches(page), { timeout: 20_000 }).toBeGreaterThan(before);
  await eventually(() => page.getByText(LOADER).count()).toBe(0);
}

const toast = (page: Page) => page.locator('[data-testid="toast"]');
const balanceText = (page: Page) => page.locator('[data-testid="store-balance"]').innerText();

/** The one purchase the fake was asked for. */
async function onlyPurchase(page: Page) {
  const purchases = await events(page, 'purchase');
  expect(purchases).toHaveLength(1);
  return purchases[0]!;
}

describe('in-app purchase in the iOS shell (fake StoreKit, real server in Xcode mode)', () => {
  beforeAll(async () => {
    twilio = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: 'e2e-token' });
    const adminUrl = process.env.TEST_DATABASE_URL;
    const database = adminUrl ? await createDatabase(adminUrl, 'ch_e2e_iap') : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-iap-'));
    cleanup = async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    server = await startServer({
      env: {
        ...(database ? { DATABASE_URL: database.url } : {}),
        DATA_DIR: dataDir,
        // The store needs no dramas; an empty catalogue boots much faster.
        DEMO_CATALOG: 'false',
        SMS_PROVIDER: 'twilio',
        TWILIO_API_BASE: twilio.url,
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: 'e2e-token',
        TWILIO_FROM: '+15005550006',
        APPLE_BUNDLE_ID: BUNDLE_ID,
        APPLE_ENVIRONMENT: 'Xcode',
      },
    });
    packs = ok(await api().call(getCoinTypes, { query: { currency: 'USD' } }));
    plans = ok(await api().call(getMemberTypes, { query: { pay_channel: 'apple', currency: 'USD' } }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await twilio?.close();
    await cleanup?.();
  });

  it('shows "Checking payment environment..." first, then the App Store products with their App Store prices', async () => {
    const { context, page } = await shell({ holdSetup: true });
    await page.goto('/pages/user/vip?tab=coins');
    const loader = page.getByRole('status').filter({ hasText: LOADER });
    await loader.waitFor();
    // StoreKit has not answered yet: nothing of the App Store is on the page.
    expect((await storeKit(page)).log).toEqual([]);
    const tiles = page.locator('[data-role="pack-price"]');
    await eventually(() => tiles.count()).toBe(packs.length);
    for (const price of await tiles.allInnerTexts()) expect(Object.values(APP_STORE_PRICES)).not.toContain(price);

    await page.evaluate(() => window.__fakeStoreKit.release('setup'));
    await loader.waitFor({ state: 'detached' });
    const { log } = await storeKit(page);
    expect(log.map((entry) => entry.event)).toEqual([
      'isBillingSupported',
      'getProducts',
      'addListener',
      'getPurchases',
    ]);
    // The products asked for are the server's App Store ids, plans and packs.
    const asked = await events(page, 'getProducts');
    expect(asked).toHaveLength(1);
    expect([...asked[0]!.ids].sort()).toEqual(Object.keys(APP_STORE_PRICES).sort());
    for (const candidate of packs) {
      const tile = page.locator(`[data-testid="coin-pack-${candidate.id}"]`);
      await eventually(() => tile.locator('[data-role="pack-price"]').innerText()).toBe(
        APP_STORE_PRICES[candidate.apple_product_id!],
      );
      expect(await tile.isEnabled()).toBe(true);
    }

    // The VIP tab (same launch): each plan at its App Store price, and the chosen one on the button.
    await page.click('[data-testid="store-tab-vip"]');
    for (const plan of plans) {
      await eventually(() =>
        page.locator(`[data-testid="vip-plan-${plan.id}"] [data-role="plan-price"]`).innerText(),
      ).toBe(APP_STORE_PRICES[plan.product_id!]);
    }
    await page.click('[data-testid="vip-plan-vip_year"]');
    await eventually(() => page.locator('[data-testid="vip-buy"]').innerText()).toContain(
      APP_STORE_PRICES['cliffhanger.vip.year'],
    );
    await expect(page.locator('[data-testid="vip-terms"]').innerText()).resolves.toContain(
      APP_STORE_PRICES['cliffhanger.vip.year'],
    );
    await context.close();
  });

  it('buys a coin pack: purchasing, then purchased; the server credits it once and StoreKit finishes it only after the confirm answered', async () => {
    const { context, page } = await shell({ holdPurchase: true });
    const token = await signIn(page);
    const before = await coinOf(token);
    const bought = pack('coins_500');
    const credit = bought.coins + bought.bonus_coins;
    await storeReady(page, 'coins');
    await eventually(() => balanceText(page)).toContain(String(before));

    await page.click(`[data-testid="coin-pack-${bought.id}"]`);
    // Purchasing: the App Store sheet is up, with the order's app account token.
    await eventually(async () => (await events(page, 'purchase')).length).toBe(1);
    const purchase = await onlyPurchase(page);
    expect(purchase).toEqual({
      event: 'purchase',
      productIdentifier: bought.apple_product_id,
      productType: 'inapp',
      appAccountToken: expect.stringMatching(UUID),
      autoAcknowledgePurchases: false,
    });
    const orderId = await orderOfToken(page, purchase.appAccountToken!);
    expect(orderId).toMatch(/^ord_/);
    await expect(orderOf(orderId, token)).resolves.toMatchObject({
      status: 'pending',
      pay_channel: 'apple',
      product: bought.id,
    });

    // Purchased: StoreKit answers; the confirm is held on its way to the server.
    let confirmArrived = false;
    let letConfirmGo: () => void = () => undefined;
    const confirmHeld = new Promise<void>((resolve) => (letConfirmGo = resolve));
    await page.route('**/api/v1/member/confirm', async (route) => {
      confirmArrived = true;
      await confirmHeld;
      await route.continue();
    });
    await page.evaluate(() => window.__fakeStoreKit.release('purchase'));
    await eventually(() => confirmArrived).toBe(true);
    const paid = await storeKit(page);
    expect(paid.unfinished).toHaveLength(1);
    const transactionId = paid.unfinished[0]!.transactionId;
    expect(paid.finished).toEqual([]);
    expect(await coinOf(token)).toBe(before);

    letConfirmGo();
    await eventually(async () => (await storeKit(page)).finished, { timeout: 15_000 }).toEqual([transactionId]);
    const { answers, finish } = await sequence(page, transactionId);
    expect(answers).toEqual([{ at: expect.any(Number), code: 200 }]);
    expect(finish).toBeGreaterThan(answers[0]!.at);
    expect((await storeKit(page)).unfinished).toEqual([]);
    expect(await coinOf(token)).toBe(before + credit);
    await expect(orderOf(orderId, token)).resolves.toMatchObject({
      status: 'fulfilled',
      coins_credited: credit,
    });
    await eventually(() => balanceText(page)).toContain(String(before + credit));
    expect(await toast(page).count()).toBe(0);

    // The next launch finds nothing unfinished: no second confirm, no second credit.
    await page.unroute('**/api/v1/member/confirm');
    const launched = await launches(page);
    await page.reload();
    await eventually(() => launches(page)).toBe(launched + 1);
    expect((await events(page, 'getPurchases')).at(-1)).toEqual({ event: 'getPurchases', ids: [] });
    expect(await events(page, 'confirm-sent')).toHaveLength(1);
    expect(await coinOf(token)).toBe(before + credit);
    await context.close();
  });

  it('buys a VIP plan: the subscription is confirmed and finished, VIP is active', async () => {
    const { context, page } = await shell();
    const token = await signIn(page);
    expect((await membershipOf(token)).active).toBe(false);
    const plan = plans.find((candidate) => candidate.id === 'vip_month')!;
    await storeReady(page, 'vip');

    await page.click(`[data-testid="vip-plan-${plan.id}"]`);
    await eventually(() => page.locator('[data-testid="vip-buy"]').isEnabled()).toBe(true);
    await page.click('[data-testid="vip-buy"]');
    await eventually(async () => (await storeKit(page)).finished.length, { timeout: 15_000 }).toBe(1);
    const purchase = await onlyPurchase(page);
    expect(purchase).toMatchObject({
      productIdentifier: plan.product_id,
      productType: 'subs',
      autoAcknowledgePurchases: false,
    });
    const transactionId = (await storeKit(page)).finished[0]!;
    const { answers, finish } = await sequence(page, transactionId);
    expect(answers.map((answer) => answer.code)).toEqual([200]);
    expect(finish).toBeGreaterThan(answers[0]!.at);

    const membership = await membershipOf(token);
    expect(membership.active).toBe(true);
    expect(membership.subscription).toMatchObject({ plan: plan.id, pay_channel: 'apple', manageable: false });
    // The transaction paid 30 days.
    const days = (Date.parse(membership.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await userOf(token)).vip.active).toBe(true);
    // The page follows: the membership card, and no second plan to buy.
    await page.locator('[data-testid="vip-membership"]').waitFor({ timeout: 10_000 });
    await page.locator('[data-testid="vip-subscribed"]').waitFor();
    await eventually(() =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('user_info') ?? '{}') as UserInfo).vip?.active),
    ).toBe(true);
    await context.close();
  });

  it('a failed purchase says "Purchase Failed" and credits nothing; a transaction the server refuses is told the same and left unfinished', async () => {
    const { context, page } = await shell({ purchase: 'fail' });
    const token = await signIn(page);
    const before = await coinOf(token);
    const bought = pack('coins_100');
    await storeReady(page, 'coins');

    await page.click(`[data-testid="coin-pack-${bought.id}"]`);
    await eventually(() => toast(page).textContent()).toBe(PURCHASE_FAILED);
    const purchase = await onlyPurchase(page);
    expect(await events(page, 'purchase-result')).toEqual([{ event: 'purchase-result', outcome: 'fail' }]);
    expect(await events(page, 'confirm-sent')).toEqual([]);
    const failedOrder = await orderOfToken(page, purchase.appAccountToken!);
    await expect(orderOf(failedOrder, token)).resolves.toMatchObject({
      status: 'pending',
      coins_credited: 0,
    });
    expect(await coinOf(token)).toBe(before);
    await toast(page).waitFor({ state: 'detached' });

    // StoreKit took the money but the transaction names another app: the server refuses it
    // (Code.IAP_WRONG_APP), the viewer is told, and the transaction stays unfinished for another try.
    await page.evaluate(() => window.__fakeStoreKit.set({ purchase: 'succeed', bundleId: 'com.someone.else' }));
    await page.click(`[data-testid="coin-pack-${bought.id}"]`);
    await eventually(async () => (await events(page, 'confirm-answered')).map((answer) => answer.code)).toEqual([
      50006,
    ]);
    await eventually(() => toast(page).textContent()).toBe(PURCHASE_FAILED);
    const state = await storeKit(page);
    expect(state.unfinished).toHaveLength(1);
    expect(state.finished).toEqual([]);
    expect(state.log.filter((entry) => entry.event === 'finish')).toEqual([]);
    expect(await coinOf(token)).toBe(before);
    await context.close();
  });

  it('Ask to Buy: deferred first (the viewer is told, nothing credited), then the approval arrives and is credited once', async () => {
    const { context, page } = await shell({ purchase: 'defer' });
    const token = await signIn(page);
    const before = await coinOf(token);
    const bought = pack('coins_1000');
    const credit = bought.coins + bought.bonus_coins;
    await storeReady(page, 'coins');

    await page.click(`[data-testid="coin-pack-${bought.id}"]`);
    await eventually(() => toast(page).textContent()).toBe(DEFERRED);
    const purchase = await onlyPurchase(page);
    const deferredState = await storeKit(page);
    expect(deferredState.pending).toHaveLength(1);
    expect(deferredState.unfinished).toEqual([]);
    expect(await events(page, 'confirm-sent')).toEqual([]);
    const orderId = await orderOfToken(page, purchase.appAccountToken!);
    await expect(orderOf(orderId, token)).resolves.toMatchObject({ status: 'pending' });
    expect(await coinOf(token)).toBe(before);

    // The parent approves: the plugin finishes the transaction, then tells the app's listener,
    // which confirms it with the server (and keeps it until the server has answered).
    const transactionId = await page.evaluate(() => window.__fakeStoreKit.approve());
    await eventually(() => coinOf(token), { timeout: 15_000 }).toBe(before + credit);
    // The server has credited once the confirm is answered; the fake reads the answer's code from
    // its body a moment later, so the log is polled for it rather than read at once.
    await eventually(async () => (await sequence(page, transactionId)).answers.map((answer) => answer.code)).toEqual([
      200,
    ]);
    expect((await sequence(page, transactionId)).finish).toBe(-1);
    await eventually(() => page.evaluate(() => localStorage.getItem('iap.kept'))).toBe('[]');
    await expect(orderOf(orderId, token)).resolves.toMatchObject({
      status: 'fulfilled',
      coins_credited: credit,
    });
    await eventually(() => balanceText(page)).toContain(String(before + credit));
    expect(await events(page, 'confirm-sent')).toHaveLength(1);
    await context.close();
  });

  it('restores at launch: a paid transaction the app never heard back about is confirmed and finished; a lost answer is retried (10019) and credited once', async () => {
    const { context, page } = await shell({ purchase: 'interrupt' });
    const token = await signIn(page);
    const before = await coinOf(token);
    const bought = pack('coins_2000');
    const credit = bought.coins + bought.bonus_coins;
    await storeReady(page, 'coins');

    // Paid at the App Store, then the app was killed before the answer reached it.
    await page.click(`[data-testid="coin-pack-${bought.id}"]`);
    await eventually(async () => (await storeKit(page)).unfinished.length).toBe(1);
    const transactionId = (await storeKit(page)).unfinished[0]!.transactionId;
    const purchase = await onlyPurchase(page);
    const orderId = await orderOfToken(page, purchase.appAccountToken!);
    expect(await events(page, 'confirm-sent')).toEqual([]);
    expect(await coinOf(token)).toBe(before);

    // Launch 1 (on the home page, the store never opened): the transaction is confirmed, the
    // server credits it, but its answer is lost on the way back.
    const lost: { code: number }[] = [];
    await page.route('**/api/v1/member/confirm', async (route) => {
      const response = await route.fetch();
      lost.push((await response.json()) as { code: number });
      await route.abort('connectionreset');
    });
    await page.goto('/pages/index/index');
    await eventually(() => lost, { timeout: 20_000 }).toEqual([expect.objectContaining({ code: 200 })]);
    expect(await coinOf(token)).toBe(before + credit);
    // No answer, no finish: the transaction waits for the next launch.
    await eventually(async () => (await events(page, 'confirm-sent')).length).toBe(1);
    let state = await storeKit(page);
    expect(state.unfinished.map((transaction) => transaction.transactionId)).toEqual([transactionId]);
    expect(state.finished).toEqual([]);
    expect(await orderOfToken(page, purchase.appAccountToken!)).toBe(orderId);
    await page.unroute('**/api/v1/member/confirm');

    // Launch 2: confirmed again, the server answers Code.ALREADY_OWNED (already credited), and it is finished.
    await page.goto('/pages/user/vip?tab=coins');
    await eventually(async () => (await storeKit(page)).finished, { timeout: 20_000 }).toEqual([transactionId]);
    const { answers, finish } = await sequence(page, transactionId);
    expect(answers.map((answer) => answer.code)).toEqual([10019]);
    expect(finish).toBeGreaterThan(answers[0]!.at);
    state = await storeKit(page);
    expect(state.unfinished).toEqual([]);
    expect(await orderOfToken(page, purchase.appAccountToken!)).toBeUndefined();
    expect(await coinOf(token)).toBe(before + credit);
    await expect(orderOf(orderId, token)).resolves.toMatchObject({
      status: 'fulfilled',
      coins_credited: credit,
    });
    await eventually(() => balanceText(page)).toContain(String(before + credit));
    expect(await toast(page).filter({ hasText: PURCHASE_FAILED }).count()).toBe(0);

    // Launch 3: nothing left to restore.
    const launched = await launches(page);
    await page.reload();
    await eventually(() => launches(page)).toBe(launched + 1);
    expect((await events(page, 'getPurchases')).at(-1)).toEqual({ event: 'getPurchases', ids: [] });
    expect(await events(page, 'confirm-sent')).toHaveLength(2);
    expect(await coinOf(token)).toBe(before + credit);
    await context.close();
  });

  it('a failed setup shows "Payment initialization failed" for about 2 s, after the loader', async () => {
    const { context, page } = await shell({ setup: 'unsupported', holdSetup: true });
    await page.goto('/pages/user/vip?tab=coins');
    const loader = page.getByRole('status').filter({ hasText: LOADER });
    await loader.waitFor();
    // When the toast comes and goes, timed in the page.
    await page.evaluate(() => {
      const times: { shown?: number; hidden?: number; text?: string } = {};
      (window as unknown as { __toastTimes: typeof times }).__toastTimes = times;
      new MutationObserver(() => {
        const node = document.querySelector('[data-testid="toast"]');
        if (node && times.shown === undefined) {
          times.shown = performance.now();
          times.text = node.textContent ?? '';
        }
        if (!node && times.shown !== undefined && times.hidden === undefined) times.hidden = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    await page.evaluate(() => window.__fakeStoreKit.release('setup'));
    await eventually(() => toast(page).textContent()).toBe(INIT_FAILED);
    await loader.waitFor({ state: 'detached' });
    expect(await events(page, 'isBillingSupported')).toEqual([{ event: 'isBillingSupported', answer: false }]);
    expect(await events(page, 'getProducts')).toEqual([]);
    await toast(page).waitFor({ state: 'detached', timeout: 5_000 });
    const times = await page.evaluate(
      () => (window as unknown as { __toastTimes: { shown?: number; hidden?: number; text?: string } }).__toastTimes,
    );
    expect(times.text).toBe(INIT_FAILED);
    const shownMs = times.hidden! - times.shown!;
    expect(shownMs).toBeGreaterThanOrEqual(1_900);
    expect(shownMs).toBeLessThan(3_000);
    // Without the App Store the prices stay the server's.
    for (const price of await page.locator('[data-role="pack-price"]').allInnerTexts()) {
      expect(Object.values(APP_STORE_PRICES)).not.toContain(price);
    }
    await context.close();
  });
});
