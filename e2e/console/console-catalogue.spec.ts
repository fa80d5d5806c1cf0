import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Code, getDrama, getHome, isApiError } from '@cliffhanger/contract';
import { CONSOLE_UPLOADS_URL } from '@cliffhanger/contract/console';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { launchBrowser } from '../support/browser.js';
import { enrol, pageProblems, signIn, startConsoleWorld, type ConsoleWorld } from '../support/console.js';

/**
 * The operator console's catalogue story in Chromium, on a world of its own: the first admin made
 * by the real command and enrolled from its link; a drama created with its texts, poster and
 * banner; three episodes uploaded by tus through the page (the first upload's connection cut once
 * after the server kept part of its bytes, and resumed from the server's offset) and imported by
 * the server; prices set; a release scheduled (viewers see nothing yet), then published; the drama
 * moved to the front of home's banner carousel with the keyboard; and a viewer seeing it first on
 * home, with episodes 1–2 free and episode 3 locked at 25 coins.
 *
 * E2E_SCREENSHOT_DIR=<dir> keeps screenshots of the pages looked at.
 */
const EMAIL = 'catalogue-admin@example.com';
const PASSWORD = 'a long operator passphrase';
const TITLE = 'The Lighthouse Keeper’s Daughter';
const TITLE_ZH = '灯塔守护人的女儿';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
/** Transcoding three episodes on a busy two-core machine: generous. */
const IMPORTS_MS = 240_000;

let world: ConsoleWorld;
let browser: Browser;
let fixtures: string;
let videos: string[];
let poster: string;
let banner: string;

/** The ffmpeg the server is told to use, if set. */
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const ffmpeg = (args: string[]) => execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** What an operator would have on disk: three short episodes, a poster and a banner. */
function makeFixtures(): void {
  fixtures = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-console-media-'));
  videos = [1, 2, 3].map((n) => {
    const file = path.join(fixtures, `lighthouse-ep-0${n}.mp4`);
    // prettier-ignore
    ffmpeg([
      '-f', 'lavfi', '-i', `testsrc=duration=2:size=320x568:rate=25`,
      '-f', 'lavfi', '-i', `sine=frequency=${220 * n}:duration=2`,
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
    return file;
  });
  poster = path.join(fixtures, 'poster.png');
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=720x960:rate=1', '-frames:v', '1', poster]);
  banner = path.join(fixtures, 'banner.jpg');
  ffmpeg(['-f', 'lavfi', '-i', 'smptebars=size=1280x720:rate=1', '-frames:v', '1', banner]);
}

beforeAll(async () => {
  makeFixtures();
  world = await startConsoleWorld(EMAIL);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await world?.stop();
  if (fixtures) rmSync(fixtures, { recursive: true, force: true });
});

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A time to come as the schedule field takes it: `YYYY-MM-DDTHH:MM`, read as UTC. */
const utcFieldValue = (date: Date) => date.toISOString().slice(0, 16);

/** What a viewer's API answers for the drama now: the drama, or the code it was refused with. */
async function viewerDrama(id: number) {
  try {
    return ok(await apiFor(world.server.url).call(getDrama, { params: { id }, query: { lang: 'en' } }));
  } catch (error) {
    if (isApiError(error)) return error.code;
    throw error;
  }
}

async function homeDramaIds(): Promise<number[]> {
  const home = ok(await apiFor(world.server.url).call(getHome, { query: { lang: 'en' } }));
  return [
    ...home.banners.map((item) => item.drama_id),
    ...[...home.recommended, ...home.hot, ...home.latest].map((card) => card.id),
  ];
}

/** The tus PATCHes the page sent: which upload, from which offset. */
interface Patch {
  upload: string;
  offset: number;
}

/**
 * Cuts the first episode PATCH once, mid-body as a dropped connection would: the server is sent
 * the first half of the file (and keeps it), then the browser's request dies with a reset. Answers
 * where the server's offset stood after the cut, once it happened.
 */
async function cutFirstPatch(page: Page, firstFile: string): Promise<() => number | null> {
  let keptOffset: number | null = null;
  const pattern = `**${CONSOLE_UPLOADS_URL}/*`;
  await page.route(pattern, async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH' || keptOffset !== null) return route.continue();
    expect(request.headers()['upload-offset']).toBe('0');
    const bytes = readFileSync(firstFile);
    const headers = { ...request.headers() };
    delete headers['content-length'];
    const answer = await route.fetch({ postData: bytes.subarray(0, Math.floor(bytes.length / 2)), headers });
    expect(answer.status()).toBe(204);
    keptOffset = Number(answer.headers()['upload-offset']);
    await route.abort('connectionreset');
    await page.unroute(pattern);
  });
  return () => keptOffset;
}

describe('the console catalogue, from the first operator to a viewer', () => {
  it(
    'creates, uploads, prices, schedules, publishes and features a drama that viewers then see',
    { timeout: 600_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const problems = pageProblems(page);
      const patches: Patch[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes(`${CONSOLE_UPLOADS_URL}/`))
          patches.push({
            upload: request.url().split('/').pop()!,
            offset: Number(request.headers()['upload-offset']),
          });
      });

      // 1. The first operator, from the command's link.
      await page.goto(world.enrolmentLink);
      const { recoveryCodes } = await enrol(page, PASSWORD);
      await signIn(page, EMAIL, PASSWORD, recoveryCodes[0]!);

      // 2. A new drama from the catalogue pages, English and Chinese.
      await page.getByRole('link', { name: 'Dramas' }).first().click();
      await page.getByRole('heading', { name: 'Dramas', level: 1 }).waitFor();
      await shoot(page, 'console-catalogue');
      await page.getByRole('link', { name: 'New drama' }).click();
      await page.getByRole('heading', { name: 'New drama' }).waitFor();
      await page.getByLabel('Title (English)').fill(TITLE);
      await page
        .getByLabel('Synopsis (English)')
        .fill('A storm, a lamp that must not go out, and a secret under the rocks.');
      await page.getByRole('tab', { name: 'Chinese' }).click();
      await page.getByLabel('Title (Chinese)').fill(TITLE_ZH);
      await page.getByLabel('Synopsis (Chinese)').fill('一场风暴，一盏不能熄灭的灯，礁石下的秘密。');
      await page.getByLabel('Tags').fill('romance, mystery');
      await page.getByLabel('Price of one episode (coins)').fill('10');
      await page.getByLabel('Price of all episodes (coins)').fill('40');
      await page.getByRole('button', { name: 'Create drama' }).click();
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      const dramaId = Number(/\/console\/catalogue\/(\d+)$/.exec(page.url())?.[1]);
      expect(dramaId).toBeGreaterThan(0);

      for (const [kind, file, heading] of [
        ['poster', poster, /^Poster/],
        ['banner', banner, /^Banner/],
      ] as const) {
        const item = page
          .locator('.catalogue__artwork-item')
          .filter({ has: page.getByRole('heading', { name: heading }) });
        await item.getByLabel('Image file').setInputFiles(file);
        await item.getByRole('button', { name: 'Upload' }).click();
        await item.getByText(`The ${kind} is replaced.`).waitFor();
        await item.getByRole('img', { name: `The current ${kind}` }).waitFor();
      }

      // 3. Three episodes by tus; the first one's connection is cut once after half its bytes.
      const keptOffset = await cutFirstPatch(page, videos[0]!);
      const upload = page.locator('.episode-upload');
      await upload.getByLabel('Video files').setInputFiles(videos);
      await upload.getByRole('button', { name: 'Upload' }).click();
      const rows = upload.locator('.episode-upload__item');
      const statuses = () => rows.locator('.episode-upload__status').allTextContents();
      await expect
        .poll(statuses, { timeout: IMPORTS_MS, interval: 1000 })
        .toEqual(Array.from({ length: 3 }, () => 'Ready: viewers can watch it'));
      for (const [i, file] of videos.entries())
        expect(await rows.nth(i).locator('.episode-upload__file').textContent()).toBe(
          `${path.basename(file)} · Episode ${i + 1}`,
        );

      // The server kept part of the first file; the browser's next PATCH for that upload began there.
      const cutAt = keptOffset();
      expect(cutAt).toBeGreaterThan(0);
      expect(cutAt).toBeLessThan(readFileSync(videos[0]!).length);
      const first = patches[0]!;
      expect(first.offset).toBe(0);
      const resumed = patches.filter((patch) => patch.upload === first.upload).slice(1);
      expect(resumed.map((patch) => patch.offset)).toEqual([cutAt]);
      // The two others went in one PATCH each, from the start.
      expect(patches.filter((patch) => patch.upload !== first.upload).map((patch) => patch.offset)).toEqual([0, 0]);

      // Each import that became ready brought its episode onto the drama's page.
      const episodeRows = page.getByRole('list', { name: 'Episode order' }).getByRole('listitem');
      await expect.poll(() => episodeRows.count()).toBe(3);

      // 4. Episodes 1–2 free, the rest 25 coins each.
      const pricing = page.locator('section[aria-labelledby="pricing-title"]');
      await pricing.getByLabel('Free episodes').fill('2');
      await pricing.getByLabel('Price of one episode (coins)').fill('25');
      await pricing.getByLabel('Price of all episodes (coins)').fill('25');
      await pricing.getByText('Episodes 1–2: free').waitFor();
      await pricing.getByText('Episode 3: 25 coins').waitFor();
      await pricing.getByRole('button', { name: 'Save' }).click();
      await pricing.getByText('The prices are saved; viewers see them now.').waitFor();
      await expect
        .poll(async () =>
          (await episodeRows.locator('.drama-summary__status').allTextContents()).map((text) => text.split(' · ')[1]),
        )
        .toEqual(['Free', 'Free', '25 coins']);
      await shoot(page, 'console-drama-episodes');

      // 5. A release two days ahead: viewers see nothing of the drama until then.
      const release = page.locator('section[aria-labelledby="release-title"]');
      await release.getByLabel('Release at (UTC)').fill(utcFieldValue(new Date(Date.now() + 2 * 86_400_000)));
      await release.getByRole('button', { name: 'Schedule' }).click();
      await release.getByText('The release is scheduled.').waitFor();
      await release.getByRole('button', { name: 'Cancel the scheduled release' }).waitFor();
      expect(await viewerDrama(dramaId)).toBe(Code.NOT_FOUND);
      expect(await homeDramaIds()).not.toContain(dramaId);

      await release.getByRole('button', { name: 'Publish now' }).click();
      await release.getByText('The drama is published.').waitFor();
      // The console's write announced the change: the viewers' cached answer follows within seconds.
      await expect
        .poll(
          async () => {
            const drama = await viewerDrama(dramaId);
            return typeof drama === 'number'
              ? drama
              : drama.episodes.map((episode) => [episode.number, episode.free, episode.locked, episode.price]);
          },
          { timeout: 15_000, interval: 500 },
        )
        .toEqual([
          [1, true, false, 0],
          [2, true, false, 0],
          [3, false, true, 25],
        ]);

      const inChinese = ok(
        await apiFor(world.server.url).call(getDrama, { params: { id: dramaId }, query: { lang: 'zh' } }),
      );
      expect(inChinese.title).toBe(TITLE_ZH);

      // 6. Home's banner carousel: the drama added, then carried to the first place with the keyboard.
      await page.getByRole('link', { name: 'Home editorial' }).first().click();
      await page.getByRole('heading', { name: 'Home editorial', level: 1 }).waitFor();
      const banners = page
        .locator('section.placement')
        .filter({ has: page.getByRole('heading', { name: 'Banner carousel' }) });
      await banners.getByRole('searchbox').fill('Lighthouse');
      await banners.getByRole('button', { name: 'Search' }).click();
      await banners.getByRole('button', { name: `Add ${TITLE}` }).click();
      const placed = banners.locator('ol.sortable > li');
      const count = await placed.count();
      expect(count).toBeGreaterThan(1);
      await expect.poll(() => placed.last().getAttribute('data-drama-id')).toBe(String(dramaId));

      const handle = banners.getByRole('button', { name: `Drag ${TITLE} to reorder` });
      await handle.focus();
      await page.keyboard.press('Space');
      // Picked up: the announcement of it is at once replaced by where it is over, its own place.
      await page.getByText(`${TITLE} moved to position ${count} of ${count}.`).waitFor({ state: 'attached' });
      // Each arrow moves it one place once dnd-kit has measured the rows; a press it takes before
      // that (a busy machine) is lost, and one at the top changes nothing, so press until it is first.
      const atTop = page.getByText(`${TITLE} moved to position 1 of ${count}.`);
      await expect
        .poll(
          async () => {
            await page.keyboard.press('ArrowUp');
            return atTop.count();
          },
          { interval: 300, timeout: 30_000 },
        )
        .toBe(1);
      await page.keyboard.press('Space');
      await page.getByText(`${TITLE} dropped at position 1 of ${count}.`).waitFor({ state: 'attached' });
      await expect.poll(() => placed.first().getAttribute('data-drama-id')).toBe(String(dramaId));
      await banners.getByLabel('Reason for this change').fill('Launch week');
      await banners.getByRole('button', { name: 'Save Banner carousel' }).click();
      await banners.getByText('Saved. Viewers see the new order within seconds.').waitFor();
      await shoot(page, 'console-editorial');

      // 8. Nothing failed on the console's pages but the PATCH the spec cut.
      expect(problems.filter((problem) => !/^failed PATCH \/console\/api\/v1\/uploads\/[\w-]+$/.test(problem))).toEqual(
        [],
      );
      expect(problems.filter((problem) => problem.startsWith('failed PATCH'))).toHaveLength(1);
      await context.close();

      // 7. A viewer, signed out: the drama first on home's carousel, then its episodes and prices.
      const viewer = await browser.newContext({
        baseURL: world.server.url,
        viewport: { width: 390, height: 844 },
        locale: 'en-US',
      });
      const home = await viewer.newPage();
      const firstSlide = home.locator('[data-testid="home-banner-slide"]').first();
      await expect
        .poll(
          async () => {
            await home.goto('/pages/index/index');
            await firstSlide.waitFor();
            return firstSlide.locator('[data-role="slide-title"]').textContent();
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(TITLE);
      expect(await firstSlide.locator('a').getAttribute('href')).toContain(`drama=${dramaId}`);
      await expect
        .poll(() => firstSlide.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await shoot(home, 'viewer-home');

      const video = await viewer.newPage();
      await video.setViewportSize({ width: 1280, height: 800 });
      await video.goto(`/pages/video/mobileVideoIndex?drama_id=${dramaId}`);
      const tile = (n: number) => video.locator(`[data-testid="video-side-panel"] [data-testid="episode-tile-${n}"]`);
      await tile(3).waitFor({ timeout: 20_000 });
      await expect(tile(1).getAttribute('data-state')).resolves.toBe('free');
      await expect(tile(2).getAttribute('data-state')).resolves.toBe('free');
      await expect(tile(3).getAttribute('data-state')).resolves.toBe('locked');
      await expect(tile(3).innerText()).resolves.toContain('25');
      await expect(video.locator('[data-testid="video-synopsis"]').innerText()).resolves.toBe(
        'A storm, a lamp that must not go out, and a secret under the rocks.',
      );
      await shoot(video, 'viewer-video');
      await viewer.close();
    },
  );
});
