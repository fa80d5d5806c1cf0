import { getHome, listDramas, type DramaCard, type QueryOf } from '@cliffhanger/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, open, VIEWPORTS } from '../support/browser.js';

/**
 * Home against the demo catalogue the server seeds at boot (12 dramas): every section renders,
 * the browse list sorts (the order on screen is the server's order for that sort), and the title
 * search finds a drama.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function dramas(query: QueryOf<typeof listDramas>): Promise<DramaCard[]> {
  const body = await apiFor(baseUrl()).call(listDramas, { query });
  expect(body.code).toBe(200);
  return body.data.list;
}

async function homePage(): Promise<Page> {
  const context = await newContext(browser, { viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await open(page, '/pages/index/index');
  return page;
}

const cardTitles = (page: Page, testId: string) =>
  page.$$eval(`[data-testid="${testId}"] [data-role="drama-title"]`, (titles) =>
    titles.map((t) => t.textContent ?? ''),
  );

/** Waits until the browse list shows exactly `expected` (it refetches after a sort or search). */
async function expectBrowseTitles(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => cardTitles(page, 'home-all-card'), { timeout: 10_000 }).toEqual(expected);
}

describe('home in the browser', () => {
  it('renders the banner carousel and the recommended, hot and latest shelves', async () => {
    const page = await homePage();
    for (const shelf of ['home-recommended', 'home-hot', 'home-latest']) {
      await page.locator(`[data-testid="${shelf}-card"]`).first().waitFor();
      expect(await page.locator(`[data-testid="${shelf}-card"]`).count(), shelf).toBeGreaterThan(0);
    }
    const slides = page.locator('[data-testid="home-banner-slide"]');
    expect(await slides.count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="home-banner-slide"][data-active="true"]').count()).toBe(1);
    // The banner image is public and loads, as the WebP copy that fits the phone's width (390 px at 1×).
    await expect
      .poll(() => page.$eval('[data-testid="home-banner-slide"] img', (img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.$eval('[data-testid="home-banner-slide"] img', (img) => (img as HTMLImageElement).currentSrc)).toMatch(
      /\/media\/banners\/.+-640w\.webp$/,
    );

    // A poster box is 3:4 whatever the state of its image (no layout shift).
    const box = await page.locator('[data-testid="home-recommended-card"] [data-role="poster"]').first().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.height / box!.width).toBeCloseTo(4 / 3, 1);
    const img = page.locator('[data-testid="home-recommended-card"] img').first();
    expect(await img.getAttribute('loading')).toBe('lazy');
    // A third of a 390 px phone at 1× is 130 px: the half-size WebP copy (360 px) is enough.
    await expect
      .poll(() => img.evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).currentSrc : '')))
      .toMatch(/\/media\/posters\/.+-360w\.webp$/);
    await page.context().close();
  });

  it('draws its shelves from the answer in the HTML, without asking GET /home or /app/config', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/v1/home') || path === '/api/v1/app/config') asked.push(request.url());
    });
    await open(page, '/pages/index/index');
    for (const shelf of ['home-recommended', 'home-hot', 'home-latest']) {
      await page.locator(`[data-testid="${shelf}-card"]`).first().waitFor();
    }
    await page.locator('[data-testid="home-banner-slide"]').first().waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'draws its top from the HTML where the page then draws it, so nothing jumps when the app starts (%s)',
    async (_size, viewport) => {
      const parts = ['.home-bar', '.home-bar__name', '.home-search', '.ui-carousel__img', '.ui-carousel__caption'];
      const boxes = (page: Page) =>
        page.evaluate(
          (selectors) =>
            selectors.map((selector) => {
              const box = document.querySelector(selector)?.getBoundingClientRect();
              return box ? [box.x, box.y, box.width, box.height].map(Math.round) : null;
            }),
          parts,
        );
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      // No script runs: what the HTML draws by itself, with the banner loaded.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${baseUrl()}/`);
      const stageBanner = page.locator('[data-boot-stage] .ui-carousel__img');
      await expect.poll(() => stageBanner.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      const stage = await boxes(page);
      expect(stage.every(Boolean), JSON.stringify(stage)).toBe(true);

      await page.unroute('**/assets/*.js');
      await page.reload();
      await page.locator('[data-testid="home-banner-slide"][data-active="true"]').waitFor();
      expect(await page.locator('[data-boot-stage]').count()).toBe(0);
      expect(await boxes(page)).toEqual(stage);
      await context.close();
    },
  );

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)('names the dramas in the viewer’s language: banner caption and card titles (%s)', async (_size, viewport) => {
    // The artwork carries no text, so every title the viewer reads is the page's, in their language.
    for (const lang of ['zh', 'en', 'tr'] as const) {
      const home = await apiFor(baseUrl()).call(getHome, { query: { lang } });
      const titleOf = new Map((await dramas({ size: 100, lang })).map((card) => [String(card.id), card.title]));
      const context = await newContext(browser, { viewport, storage: { language: lang } });
      const page = await context.newPage();
      await open(page, '/pages/index/index');
      const caption = page.locator('[data-testid="home-banner-slide"][data-active="true"] [data-role="slide-title"]');
      await expect.poll(() => caption.innerText(), { timeout: 10_000 }).toBe(home.data.banners[0]!.title);
      // The caption sits on the banner, whole.
      const slide = await page.locator('[data-testid="home-banner-slide"][data-active="true"]').boundingBox();
      const text = await caption.boundingBox();
      expect(text!.x).toBeGreaterThanOrEqual(slide!.x);
      expect(text!.x + text!.width).toBeLessThanOrEqual(slide!.x + slide!.width + 0.5);
      expect(text!.y + text!.height).toBeLessThanOrEqual(slide!.y + slide!.height + 0.5);
      // Every card's title is its drama's title in this language (counters may reorder the shelf).
      await page.locator('[data-testid="home-hot-card"]').first().waitFor();
      const cards = await page.$$eval('[data-testid="home-hot-card"]', (elements) =>
        elements.map((card) => [card.getAttribute('data-drama-id') ?? '', card.querySelector('[data-role="drama-title"]')?.textContent ?? '']),
      );
      expect(cards.length).toBeGreaterThan(0);
      for (const [id, title] of cards) expect(title, `drama ${id} in ${lang}`).toBe(titleOf.get(id!));
      await context.close();
    }
  });

  it('sorts the browse list by hits, A to Z and likes, keeping the sort in the URL', async () => {
    const [byHits, byAz, byLikes] = await Promise.all([
      dramas({ sort: 'hits' }),
      dramas({ sort: 'az' }),
      dramas({ sort: 'likes' }),
    ]);
    expect(byHits.length).toBeGreaterThanOrEqual(12);
    const page = await homePage();
    const hitsTitles = byHits.map((d) => d.title);
    await expectBrowseTitles(page, hitsTitles);

    await page.click('[data-testid="home-sort-az"]');
    await page.waitForURL(/[?&]sort=az/);
    const azTitles = byAz.map((d) => d.title);
    await expectBrowseTitles(page, azTitles);
    expect(azTitles).not.toEqual(hitsTitles);
    expect([...azTitles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(azTitles);

    await page.click('[data-testid="home-sort-likes"]');
    await page.waitForURL(/[?&]sort=likes/);
    await expectBrowseTitles(
      page,
      byLikes.map((d) => d.title),
    );

    // A reload keeps the sort (it lives in the URL).
    await page.reload();
    await expectBrowseTitles(
      page,
      byLikes.map((d) => d.title),
    );
    expect(await page.getAttribute('[data-testid="home-sort-likes"]', 'aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('finds a drama by title and clears the search', async () => {
    const [target] = await dramas({ sort: 'az' });
    const word = target!.title.split(/\s+/).find((w) => w.length >= 4) ?? target!.title;
    const page = await homePage();
    await page.locator('[data-testid="home-all-card"]').first().waitFor();
    await page.fill('[data-testid="home-search"]', word.toLowerCase());
    await page.waitForURL(/[?&]q=/);
    // The full list stays on screen until the search answers, and it holds the target too: wait
    // for the list in which every title has the word.
    const matching = (titles: string[]) =>
      titles.length > 0 && titles.every((title) => title.toLowerCase().includes(word.toLowerCase()));
    await expect.poll(async () => matching(await cardTitles(page, 'home-all-card')), { timeout: 10_000 }).toBe(true);
    expect(await cardTitles(page, 'home-all-card')).toContain(target!.title);
    expect(await page.locator('[data-testid="home-recommended"]').count()).toBe(0);

    await page.click('[data-testid="home-search-clear"]');
    await expect
      .poll(() => page.locator('[data-testid="home-all-card"]').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(12);
    await page.locator('[data-testid="home-recommended"]').waitFor();
    await page.context().close();
  });

  it("opens a drama's page from a card", async () => {
    const page = await homePage();
    const card = page.locator('[data-testid="home-all-card"]').first();
    await card.waitFor();
    const id = await card.getAttribute('data-drama-id');
    await card.click();
    await page.waitForURL(`**/pages/index/index?drama=${id}`);
    await page.locator(`[data-testid="drama-sheet"][data-drama-id="${id}"]`).waitFor();
    await page.context().close();
  });
});
