import { getDrama, listDramas } from '@cliffhanger/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.js';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * Layout at the two sizes the app is designed for (a 390×844 phone, a 1280×800 desktop): home is
 * one column with one left edge and full rows of posters, the Me card never cuts a name or a
 * balance, and the "Signed in" toast leaves the unlock dialog's buttons uncovered.
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

let phoneSerial = 2015550700;
const nextPhone = () => String(phoneSerial++);

async function freshPage(viewport: ViewportSize): Promise<Page> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport, locale: 'en-US' });
  return context.newPage();
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, String(locator)).not.toBeNull();
  return b!;
}

const intersects = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openHome(viewport: ViewportSize): Promise<Page> {
  const page = await freshPage(viewport);
  await page.goto('/pages/index/index');
  await page.locator('[data-testid="home-hot-card"]').first().waitFor();
  await page.locator('[data-testid="home-all-card"]').first().waitFor();
  return page;
}

describe.each([
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const)('home at %s size', (_size, viewport) => {
  it('search, banner, shelf headings and first posters start at one left edge', async () => {
    const page = await openHome(viewport);
    const search = (await box(page.locator('.home-search'))).x;
    const edges = {
      banner: (await box(page.locator('[data-testid="home-banner"]'))).x,
      recommendedTitle: (await box(page.locator('[data-testid="home-recommended"] h2').first())).x,
      recommendedCard: (await box(page.locator('[data-testid="home-recommended-card"]').first())).x,
      hotCard: (await box(page.locator('[data-testid="home-hot-card"]').first())).x,
      allCard: (await box(page.locator('[data-testid="home-all-card"]').first())).x,
    };
    for (const [name, x] of Object.entries(edges)) expect(Math.abs(x - search), name).toBeLessThanOrEqual(1);
    await page.context().close();
  });
});

describe('home at 1280×800', () => {
  it('fills a row with posters: at least 7 whole cards on a shelf and in a row of the browse grid', async () => {
    const page = await openHome(VIEWPORTS.desktop);
    const shelf = await box(page.locator('[data-testid="home-hot-list"]'));
    const cards = await page.locator('[data-testid="home-hot-card"]').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    const whole = cards.filter((c) => c.left >= shelf.x - 1 && c.right <= shelf.x + shelf.width + 1);
    expect(whole.length).toBeGreaterThanOrEqual(7);

    const tops = await page
      .locator('[data-testid="home-all-card"]')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops.filter((top) => top === tops[0]).length).toBeGreaterThanOrEqual(7);
    await page.context().close();
  });
});

describe('Me at 390×844', () => {
  it('shows the nickname whole: an ordinary one on one line, a long one wrapped, never cut; a large balance whole', async () => {
    const page = await freshPage(VIEWPORTS.phone);
    const user = await signInBySms(page, world.twilio, nextPhone());
    await page.goto('/pages/user/index');
    const name = page.locator('[data-testid="me-nickname"]');
    await expect.poll(() => name.innerText(), { timeout: 10_000 }).toBe(user.nickname);
    const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * 1.6);
    // The name a new account gets (user_ and six characters) fits beside the Edit button.
    expect((await box(name)).height).toBeLessThan(lineHeight);

    const nickname = 'averyveryverylongnicknamewithoutanyspaces_0123456789';
    const coin = 1_234_567_890;
    // The server's own answer, with a name and a balance that push the layout to its limits.
    await page.route('**/api/v1/user', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; data: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, nickname, coin } } });
    });
    // The launch check-in answers with the balance too, and the app keeps whichever came last:
    // every answer that carries it has to tell the same story, or the test depends on which
    // answer wins the race.
    await page.route('**/api/v1/task/checkin', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; data: Record<string, unknown> | null };
      const data = body.data && 'balance' in body.data ? { ...body.data, balance: coin } : body.data;
      await route.fulfill({ response, json: { ...body, data } });
    });
    // So does GET /task, which the Rewards tab's badge asks for on every page.
    await page.route('**/api/v1/task', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; data: Record<string, unknown> | null };
      const data = body.data && 'balance' in body.data ? { ...body.data, balance: coin } : body.data;
      await route.fulfill({ response, json: { ...body, data } });
    });
    await page.reload();
    await expect.poll(() => name.innerText(), { timeout: 10_000 }).toBe(nickname);
    await expect.poll(() => page.locator('[data-testid="me-coin"]').innerText()).toBe(String(coin));

    // Whole: nothing hidden by overflow or an ellipsis, wrapped inside the card, clear of the button.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    const nameBox = await box(name);
    expect(nameBox.height).toBeGreaterThan(lineHeight);
    const edit = page.locator('[data-testid="me-edit-profile"]');
    expect(intersects(nameBox, await box(edit))).toBe(false);
    expect(await edit.getAttribute('aria-label')).toBe('Edit profile');
    const card = await box(page.locator('[data-testid="me-card"]'));
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(card.x + card.width);
    expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(card.y + card.height);

    const value = page.locator('[data-testid="me-coin"]');
    expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0)).toBe(true);
    const valueBox = await box(value);
    const balance = await box(page.locator('[data-testid="me-balance"]'));
    expect(valueBox.x).toBeGreaterThanOrEqual(balance.x);
    expect(valueBox.x + valueBox.width).toBeLessThanOrEqual(balance.x + balance.width);
    await page.context().close();
  });
});

async function lockedEpisode(): Promise<{ dramaId: number; episodeId: number }> {
  const api = apiFor(world.server.url);
  for (const card of (await api.call(listDramas, { query: { size: 50, lang: 'en' } })).data.list) {
    const drama = (await api.call(getDrama, { params: { id: card.id }, query: { lang: 'en' } })).data;
    const locked = drama.episodes.find((episode) => episode.locked);
    if (locked) return { dramaId: drama.id, episodeId: locked.id };
  }
  throw new Error('the demo catalogue has no locked episode');
}

describe.each([
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const)('the "Signed in" toast at %s size', (_size, viewport) => {
  it('does not cover the unlock dialog the viewer returns to', async () => {
    const { dramaId, episodeId } = await lockedEpisode();
    const page = await freshPage(viewport);
    const video = viewport.width <= 960 ? '/pages/video/mobileVideoIndex' : '/pages/video/index';
    await page.goto(`${video}?drama_id=${dramaId}&episode_id=${episodeId}`);
    await page.locator('[data-testid="unlock-sign-in"]').click();
    await page.waitForURL(/\/pages\/login\//);
    const national = nextPhone();
    await page.fill('[data-testid="login-phone"]', national);
    await page.click('[data-testid="login-send-code"]');
    await expect.poll(() => world.twilio.lastCodeFor(`+1${national}`), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.fill('[data-testid="login-code"]', world.twilio.lastCodeFor(`+1${national}`)!);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/pages\/video\//);

    // Every moment the toast and the dialog are both on screen, no dialog button may be under it.
    const dialog = page.locator('[data-testid="unlock-dialog"]');
    await dialog.waitFor();
    const covered = await dialog.evaluate(async (root) => {
      const doc = root.ownerDocument;
      const hits = new Set<string>();
      for (let i = 0; i < 40; i += 1) {
        const toast = doc.querySelector('[data-testid="toast"]')?.getBoundingClientRect();
        const actions = Array.from(root.querySelectorAll('button, a'));
        for (const el of actions) {
          const r = el.getBoundingClientRect();
          const over =
            toast &&
            r.width > 0 &&
            toast.left < r.right &&
            r.left < toast.right &&
            toast.top < r.bottom &&
            r.top < toast.bottom;
          if (over) hits.add(el.getAttribute('data-testid') ?? el.textContent ?? '');
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return [...hits];
    });
    expect(covered).toEqual([]);
    await page.context().close();
  });
});
