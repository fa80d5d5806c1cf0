import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { getDrama, listDramas, type DramaDetail, type EpisodeSummary } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';

/**
 * What a viewer trips on, screen by screen, at 390×844 and 1280×800 (and in zh and tr where
 * words are involved), against a real server with the fake Twilio as the SMS sink.
 *
 * E2E_SCREENSHOT_DIR=<dir> keeps screenshots of the screens looked at.
 */
let browser: Browser;
let world: AccountsWorld;

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const SIZES: [string, ViewportSize][] = [
  ['390x844', VIEWPORTS.phone],
  ['1280x800', VIEWPORTS.desktop],
];
const PLAYER = '[data-testid="video-player"]';

const api = () => apiFor(world.server.url);

beforeAll(async () => {
  // Every test here signs in from 127.0.0.1: more codes than the per-IP default of an hour.
  world = await startAccountsWorld({ SMS_IP_HOURLY_CAP: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

async function freshPage(viewport: ViewportSize, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport, locale });
  return { context, page: await context.newPage() };
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A drama whose last free episode is followed by a locked one. */
async function freeThenLocked(): Promise<{ drama: DramaDetail; free: EpisodeSummary; locked: EpisodeSummary }> {
  const list = ok(await api().call(listDramas, { query: { size: 50, lang: 'en' } }));
  for (const card of list.list) {
    const drama = ok(await api().call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
    const index = drama.episodes.findIndex((episode) => episode.locked);
    if (index > 0) return { drama, free: drama.episodes[index - 1]!, locked: drama.episodes[index]! };
  }
  throw new Error('the demo catalogue has no free episode followed by a locked one');
}

async function playing(page: Page, episodeId: number): Promise<void> {
  await page.locator(`${PLAYER}[data-episode-id="${episodeId}"]`).waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.$eval(PLAYER, (video) => (video as HTMLVideoElement).currentTime), { timeout: 20_000, interval: 250 })
    .toBeGreaterThan(0.3);
}

/** Jumps to just before the end of the playing episode and waits until it has ended. */
async function playToEnd(page: Page): Promise<void> {
  await page.$eval(
    PLAYER,
    (element) =>
      new Promise<void>((resolve) => {
        const video = element as HTMLVideoElement;
        video.addEventListener('ended', () => resolve(), { once: true });
        video.currentTime = Math.max(0, video.duration - 0.3);
        void video.play();
      }),
  );
}

const episodeInUrl = (page: Page) => new URL(page.url()).searchParams.get('episode_id');

describe('the end of an episode while the viewer is busy', () => {
  it.each(SIZES)('at %s: no move on while commenting; the draft stays; it moves on once the viewer is done', async (label, viewport) => {
    const { drama, free, locked } = await freeThenLocked();
    const { context, page } = await freshPage(viewport);
    const mobile = viewport.width <= 960;
    await page.goto(
      `/pages/video/${mobile ? 'mobileVideoIndex' : 'index'}?drama_id=${drama.id}&episode_id=${free.id}`,
    );
    await playing(page, free.id);
    if (mobile) {
      await page.click('[data-testid="video-comments"]');
      await page.locator('[data-testid="comments-sheet"]').waitFor();
    }
    const input = page.locator('[data-testid="comment-input"]');
    await input.click();
    await input.pressSequentially('What a twist');

    await playToEnd(page);
    // Long enough for the move and the next (locked) episode's dialog to have come.
    await page.waitForTimeout(1500);
    expect(episodeInUrl(page)).toBe(String(free.id));
    await expect(page.locator('[data-testid="unlock-dialog"]').count()).resolves.toBe(0);
    await expect(input.inputValue()).resolves.toBe('What a twist');
    await shoot(page, `held-advance-${label}`);

    // Done: the sheet closed (phone) or the field left (desktop), then it moves on.
    if (mobile) await page.click('[data-testid="comments-sheet-close"]');
    else await page.locator('[data-testid="video-title"]').click();
    await expect.poll(() => episodeInUrl(page), { timeout: 5_000 }).toBe(String(locked.id));
    // The draft was kept for its episode: back there, it is in the box.
    await page.goto(
      `/pages/video/${mobile ? 'mobileVideoIndex' : 'index'}?drama_id=${drama.id}&episode_id=${free.id}`,
    );
    await playing(page, free.id);
    if (mobile) await page.click('[data-testid="video-comments"]');
    await expect(page.locator('[data-testid="comment-input"]').inputValue()).resolves.toBe('What a twist');
    await context.close();
  });
});

/**
 * Every visible control the toast on screen overlaps (empty when none), measured after two frames
 * so a page that just changed has had its chance to move the toast.
 */
async function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const toast = document.querySelector('[data-testid="toast"]');
    if (!toast) return [];
    const t = toast.getBoundingClientRect();
    const selector =
      'a[href], button, input, select, textarea, label, [role="tab"], [role="button"], [role="switch"], [tabindex]:not([tabindex="-1"])';
    return Array.from(document.querySelectorAll(selector))
      .filter((element) => !toast.contains(element))
      .filter((element) => {
        const r = element.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        return r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      })
      .map((element) => element.getAttribute('data-testid') ?? element.outerHTML.slice(0, 80));
  });
}

/** Watches the toast for its whole life (the page may load under it): nothing may be covered. */
async function expectToastCoversNothing(page: Page, shot: string): Promise<void> {
  const toast = page.locator('[data-testid="toast"]');
  await toast.waitFor({ timeout: 10_000 });
  const covered = new Set<string>();
  let shotTaken = false;
  while ((await toast.count()) > 0) {
    for (const name of await controlsUnderToast(page)) covered.add(name);
    if (!shotTaken) {
      // Once the page has settled under it.
      await page.waitForTimeout(400);
      if ((await toast.count()) > 0) await shoot(page, shot);
      shotTaken = true;
    }
    await page.waitForTimeout(100);
  }
  expect([...covered]).toEqual([]);
}

/** Through the real login page by SMS, coming back to `redirect`. */
async function signInTo(page: Page, national: string, redirect: string): Promise<void> {
  await page.goto(`/pages/login/index?redirect=${encodeURIComponent(redirect)}`);
  // A tr or zh browser starts on +90 or +86: these are US numbers.
  await page.selectOption('[data-testid="login-country"]', 'US');
  await page.fill('[data-testid="login-phone"]', national);
  await page.click('[data-testid="login-send-code"]');
  const phone = `+1${national}`;
  await expect.poll(() => world.twilio.lastCodeFor(phone), { timeout: 10_000 }).toMatch(/^\d{6}$/);
  // The "code sent" toast must be gone first: the one under test is the next.
  await page.locator('[data-testid="toast"]').waitFor({ state: 'detached', timeout: 10_000 });
  await page.fill('[data-testid="login-code"]', world.twilio.lastCodeFor(phone)!);
  await page.click('[data-testid="login-submit"]');
}

describe('toasts never cover a control', () => {
  const cases: [string, string, ViewportSize][] = [
    ['390x844', 'en-US', VIEWPORTS.phone],
    ['1280x800', 'en-US', VIEWPORTS.desktop],
    ['390x844', 'tr-TR', VIEWPORTS.phone],
    ['1280x800', 'zh-CN', VIEWPORTS.desktop],
  ];
  it.each(cases)('at %s in %s: on the login tabs, the store tabs and the coin card', async (label, locale, viewport) => {
    const { context, page } = await freshPage(viewport, locale);
    // The login page's own refusal, right under its SMS / Password tabs.
    await page.goto('/pages/login/index');
    await page.click('[data-testid="login-send-code"]');
    await expectToastCoversNothing(page, `toast-login-${label}-${locale}`);

    // "Signed in" lands on the page the viewer came from: the store with its VIP / Coins tabs …
    const index = cases.findIndex((c) => c[0] === label && c[1] === locale);
    await signInTo(page, `20155504${index}0`, '/pages/user/vip?tab=coins');
    await page.waitForURL(/\/pages\/user\/vip/);
    await expectToastCoversNothing(page, `toast-store-${label}-${locale}`);

    // … or Rewards with the coin card and its "Buy coins".
    await page.evaluate(() => localStorage.clear());
    await signInTo(page, `20155504${index}1`, '/pages/Rewards/index');
    await page.waitForURL(/\/pages\/Rewards\/index/);
    await page.locator('[data-testid="rewards-buy-coins"]').waitFor();
    await expectToastCoversNothing(page, `toast-rewards-${label}-${locale}`);
    await context.close();
  });
});

describe('the phone country field', () => {
  const cases: [string, string, ViewportSize, string][] = [
    ['390x844', 'en-US', VIEWPORTS.phone, 'US +1'],
    ['1280x800', 'en-US', VIEWPORTS.desktop, 'US +1'],
    ['390x844', 'zh-CN', VIEWPORTS.phone, 'CN +86'],
    ['1280x800', 'tr-TR', VIEWPORTS.desktop, 'TR +90'],
  ];
  it.each(cases)('at %s in %s: no emoji flags, and the chosen country reads in full', async (label, locale, viewport, shown) => {
    const { context, page } = await freshPage(viewport, locale);
    await page.goto('/pages/login/index');
    const country = page.locator('[data-testid="login-country"]');
    await country.waitFor();
    // Regional-indicator pairs are drawn as empty boxes without an emoji font.
    const options = await country.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(10);
    expect(options.filter((text) => /[\u{1F1E6}-\u{1F1FF}]/u.test(text))).toEqual([]);
    const closed = page.locator('[data-testid="login-country-label"]');
    await expect(closed.innerText()).resolves.toBe(shown);
    // Not cut: the text fits its box, and the box sits inside the field.
    const fits = await closed.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
    expect(fits).toBe(true);
    // The native list still answers taps on the whole box.
    const box = (await closed.boundingBox())!;
    const select = (await country.boundingBox())!;
    expect(select.x).toBeLessThanOrEqual(box.x);
    expect(select.x + select.width).toBeGreaterThanOrEqual(box.x + box.width);
    await page.selectOption('[data-testid="login-country"]', 'GB');
    await expect(closed.innerText()).resolves.toBe('GB +44');
    await shoot(page, `country-${label}-${locale}`);
    await context.close();
  });
});

describe('choosing an avatar that is not a picture', () => {
  const cases: [string, string, ViewportSize, string][] = [
    ['390x844', 'en', VIEWPORTS.phone, 'Invalid image file “notes.png” could not be opened as a picture.'],
    ['1280x800', 'en', VIEWPORTS.desktop, 'Invalid image file “notes.png” could not be opened as a picture.'],
    ['390x844', 'zh', VIEWPORTS.phone, '“notes.png”无法作为图片打开'],
    ['1280x800', 'tr', VIEWPORTS.desktop, '“notes.png” resim olarak açılamadı'],
  ];
  it.each(cases)('at %s in %s: refused when chosen, with the reason, no broken preview', async (label, language, viewport, reason) => {
    const { context, page } = await freshPage(viewport);
    const index = cases.findIndex((c) => c[0] === label && c[1] === language);
    await signInTo(page, `20155506${index}0`, '/pages/user/edit-person-info');
    await page.waitForURL((url) => url.pathname === '/pages/user/edit-person-info');
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    await page.reload();
    const input = page.locator('[data-testid="profile-avatar-input"]');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all\n') });
    const error = page.locator('[data-testid="profile-avatar-error"]');
    await expect.poll(() => error.count(), { timeout: 5_000 }).toBe(1);
    await expect(error.innerText()).resolves.toContain(reason);
    await expect(page.locator('[data-testid="profile-avatar-preview"]').count()).resolves.toBe(0);
    await shoot(page, `avatar-refused-${label}-${language}`);
    await context.close();
  });
});

describe('a password sign-in on an account made by SMS', () => {
  const cases: [string, string, ViewportSize, string][] = [
    ['390x844', 'en', VIEWPORTS.phone, 'this number has no password yet'],
    ['1280x800', 'en', VIEWPORTS.desktop, 'this number has no password yet'],
    ['390x844', 'zh', VIEWPORTS.phone, '该号码尚未设置密码'],
    ['1280x800', 'tr', VIEWPORTS.desktop, 'bu numaranın henüz şifresi yok'],
  ];
  it.each(cases)('at %s in %s: one message, saying there may be no password and how to set one', async (label, language, viewport, words) => {
    const { context, page } = await freshPage(viewport);
    const index = cases.findIndex((c) => c[0] === label && c[1] === language);
    const national = `20155507${index}0`;
    // The account exists, made by an SMS code: it has no password.
    await signInTo(page, national, '/pages/user/index');
    await page.waitForURL((url) => url.pathname === '/pages/user/index');
    await page.evaluate((code) => {
      localStorage.clear();
      localStorage.setItem('language', code);
    }, language);
    await page.goto('/pages/login/index');
    await page.click('[data-testid="login-tab-password"]');
    await page.selectOption('[data-testid="login-country"]', 'US');
    await page.fill('[data-testid="login-phone"]', national);
    await page.fill('[data-testid="login-password"]', 'hunter2222');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/password/login'));
    await page.click('[data-testid="login-submit"]');
    await answered;
    await expect.poll(() => page.getByText(words).count(), { timeout: 5_000 }).toBe(1);
    // Said once: no toast repeats it.
    await page.waitForTimeout(500);
    await expect(page.locator('[data-testid="toast"]').count()).resolves.toBe(0);
    await shoot(page, `password-refused-${label}-${language}`);
    await context.close();
  });
});

describe('small things', () => {
  const cases: [string, string, ViewportSize, string, string][] = [
    ['390x844', 'en', VIEWPORTS.phone, 'Terms of Use', 'Privacy Policy'],
    ['1280x800', 'en', VIEWPORTS.desktop, 'Terms of Use', 'Privacy Policy'],
    ['390x844', 'zh', VIEWPORTS.phone, '使用条款', '隐私政策'],
    ['1280x800', 'tr', VIEWPORTS.desktop, 'Kullanım Koşulları', 'Gizlilik Politikası'],
  ];
  it.each(cases)('at %s in %s: the sign-in footer names terms and privacy once each, as links', async (label, language, viewport, terms, privacy) => {
    const { context, page } = await freshPage(viewport);
    await page.goto('/pages/login/index');
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    await page.reload();
    const footer = page.locator('[data-testid="login-agreement"]');
    await footer.waitFor();
    const text = await footer.innerText();
    expect(text.split(terms).length - 1).toBe(1);
    expect(text.split(privacy).length - 1).toBe(1);
    await expect(footer.locator('a[href="/pages/user/terms-of-use"]').innerText()).resolves.toBe(terms);
    await expect(footer.locator('a[href="/pages/user/privacy-policy"]').innerText()).resolves.toBe(privacy);
    await shoot(page, `login-footer-${label}-${language}`);
    await context.close();
  });

  it.each(SIZES)('at %s: Settings offers no "Manage subscription" to an account that never had VIP', async (label, viewport) => {
    const { context, page } = await freshPage(viewport);
    await signInTo(page, `2015550${label === '390x844' ? '801' : '802'}`, '/pages/user/Setting');
    await page.waitForURL((url) => url.pathname === '/pages/user/Setting');
    await page.locator('[data-testid="settings-entry-language"]').waitFor();
    await expect(page.locator('[data-testid="settings-entry-subscription"]').count()).resolves.toBe(0);
    await context.close();
  });
});
