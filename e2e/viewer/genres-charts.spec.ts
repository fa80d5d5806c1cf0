import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCharts, getDrama, listDramas, type DramaCard } from '@cliffhanger/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server-process.js';

/**
 * Home's genre chips and charts in the browser, on a phone and a desktop window, against a world of
 * its own: the demo catalogue, three dramas played by 6, 4 and 2 visitors, then a restart (which
 * writes the last plays and counts the charts as the process starts). The charts show those three
 * ranked 1, 2, 3; a genre chip leaves only that genre's dramas in the browse list.
 */
const PLAYS = [6, 4, 2];
const GENRE = 'romance';

let browser: Browser;
let server: RunningServer;
let dataDir: string;
let played: DramaCard[];

const api = () => apiFor(server.url);

/** A visitor's play of the drama's first (free) episode; each user agent is another viewer. */
async function play(drama: DramaCard, viewer: string): Promise<void> {
  const episodeId = ok(await api().call(getDrama, { params: { id: drama.id }, query: { lang: 'en' } })).episodes[0]!.id;
  const response = await fetch(`${server.url}/api/v1/episodes/${episodeId}/play`, {
    headers: { 'user-agent': viewer },
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-charts-'));
  server = await startServer({ env: { DATA_DIR: dataDir } });
  played = ok(await api().call(listDramas, { query: { sort: 'az', size: PLAYS.length, lang: 'en' } })).list;
  for (const [index, drama] of played.entries()) {
    for (let n = 0; n < PLAYS[index]!; n += 1) await play(drama, `e2e-charts-viewer-${index}-${n}`);
  }
  await server.stop();
  server = await startServer({ env: { DATA_DIR: dataDir } });
  // The count runs as the process starts, beside the requests.
  const deadline = Date.now() + 30_000;
  while (ok(await api().call(getCharts, { query: { lang: 'en' } })).most_watched.length < PLAYS.length) {
    if (Date.now() > deadline) throw new Error('the charts were not counted within 30 s of the restart');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  browser = await launchBrowser();
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function homePage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/pages/index/index');
  await page.waitForSelector('[data-testid="app-shell"]');
  return page;
}

const titlesIn = (page: Page, selector: string) =>
  page.$$eval(`${selector} [data-role="drama-title"]`, (titles) => titles.map((t) => t.textContent ?? ''));

describe('genres and charts on home', () => {
  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    it(`${name}: the charts rank the most watched 1, 2, 3 and a genre chip filters the browse list`, async () => {
      const page = await homePage(viewport);

      await page.locator('[data-testid="home-chart-entry"]').first().waitFor({ timeout: 20_000 });
      expect(await page.getAttribute('[data-testid="home-chart-most_watched"]', 'aria-selected')).toBe('true');
      const ranks = await page.$$eval('[data-testid="home-chart-rank"]', (spans) => spans.map((s) => s.textContent));
      expect(ranks).toEqual(['1', '2', '3']);
      expect(await titlesIn(page, '[data-testid="home-chart-entry"]')).toEqual(played.map((d) => d.title));
      // Each rank sits on its own poster, inside the card's box.
      const rank = await page.locator('[data-testid="home-chart-rank"]').first().boundingBox();
      const poster = await page.locator('[data-testid="home-chart-card"] [data-role="poster"]').first().boundingBox();
      expect(rank && poster && rank.x >= poster.x - 1 && rank.y >= poster.y - 1).toBe(true);

      const all = ok(await api().call(listDramas, { query: { sort: 'hits', size: 100, lang: 'en' } })).list;
      const ofGenre = ok(
        await api().call(listDramas, { query: { sort: 'hits', genre: GENRE, size: 100, lang: 'en' } }),
      ).list;
      expect(ofGenre.length).toBeGreaterThan(0);
      expect(ofGenre.length).toBeLessThan(all.length);
      expect(ofGenre.every((d) => d.genres.includes(GENRE))).toBe(true);

      await page.locator('[data-testid="home-all-card"]').first().waitFor();
      expect(await titlesIn(page, '[data-testid="home-all-list"]')).toEqual(all.map((d) => d.title));
      await page.click(`[data-testid="home-genre-${GENRE}"]`);
      await expect
        .poll(() => titlesIn(page, '[data-testid="home-all-list"]'), { timeout: 10_000 })
        .toEqual(ofGenre.map((d) => d.title));
      expect(new URL(page.url()).searchParams.get('genre')).toBe(GENRE);
      expect(await page.getAttribute(`[data-testid="home-genre-${GENRE}"]`, 'aria-pressed')).toBe('true');
      expect(await page.textContent('[data-testid="home-all"] h2')).toBe('Romance dramas');
      await page.context().close();
    });
  }
});
