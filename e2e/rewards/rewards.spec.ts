import type { UserInfo } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * Rewards in Chromium against a server of its own on the embedded defaults
 * (PGlite, demo catalogue, the fake SMS sink to sign in):
 * - launching the app checks in once: the first POST /task/checkin of the day answers 200 and the
 *   strip shows day 1 done; launching again answers Code.ALREADY_DONE_TODAY and the balance stays;
 * - a task is claimed (share the app, then claim): the badge comes and goes, the balance grows by
 *   the reward and the wallet lists it;
 * - an invite code entered by a second new user pays both.
 *
 * The strip's advance to day 2 restarts the server one day ahead (CLOCK_OFFSET_S); streak resets,
 * the 7-day wrap and expiry are covered by the server's HTTP tests with the movable test clock.
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
const INVITE = '/pages/user/invite';
const WALLET = '/pages/user/wallet';

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport: VIEWPORTS.phone, locale: 'en-US' });
  // Without a share sheet (Chromium on Linux) sharing copies the link.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
  return { context, page: await context.newPage() };
}

async function storedUser(page: Page): Promise<UserInfo> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('user_info'))) ?? '{}') as UserInfo;
}

const isCheckin = (response: Response) =>
  response.url().endsWith('/api/v1/task/checkin') && response.request().method() === 'POST';

/** Opens a path as a fresh launch of the app and returns the launch's check-in answers. */
async function launch(page: Page, path: string): Promise<{ code: number; data: { day: number; balance: number } }> {
  const seen: Response[] = [];
  const listener = (response: Response) => {
    if (isCheckin(response)) seen.push(response);
  };
  page.on('response', listener);
  const answer = page.waitForResponse(isCheckin);
  await page.goto(path);
  const body = (await (await answer).json()) as { code: number; data: { day: number; balance: number } };
  // The page has settled on the check-in's effects (the strip refetched) before counting requests.
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  expect(seen).toHaveLength(1);
  return body;
}

const text = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).innerText();
const balance = async (page: Page) => Number(await text(page, 'rewards-balance-value'));

describe('rewards', () => {
  let inviter: { context: BrowserContext; page: Page; user: UserInfo };

  it('signing in checks in once: day 1 done, and a launch the same day changes nothing', async () => {
    const { context, page } = await freshPage();
    // The switch to signed in sends the day's check-in (a visitor's launch sends none).
    const firstCheckin = page.waitForResponse(isCheckin);
    const user = await signInBySms(page, world.twilio, '2015550161');
    inviter = { context, page, user };
    const first = (await (await firstCheckin).json()) as { code: number; data: { day: number; balance: number } };
    expect(first.code).toBe(200);
    expect(first.data.day).toBe(1);
    expect(user.coin).toBe(first.data.balance);

    await page.goto(REWARDS);
    const day1 = page.locator('[data-testid="checkin-day-1"]');
    await expect.poll(() => day1.getAttribute('data-state')).toBe('done');
    for (const day of [2, 3, 4, 5, 6, 7]) {
      expect(await page.locator(`[data-testid="checkin-day-${day}"]`).getAttribute('data-state')).toBe('ahead');
    }
    const reward = Number((await day1.locator('.checkin__day-reward').innerText()).replace(/\D/g, ''));
    expect(reward).toBeGreaterThan(0);
    await expect.poll(() => balance(page)).toBe(reward);

    const second = await launch(page, REWARDS);
    expect(second.code).toBe(40702);
    expect(second.data.balance).toBe(reward);
    await expect.poll(() => day1.getAttribute('data-state')).toBe('done');
    expect(await balance(page)).toBe(reward);
    expect((await storedUser(page)).coin).toBe(reward);
  });

  it('a task is claimed: share the app, the badge shows, claim, the balance and the wallet follow', async () => {
    const { page } = inviter;
    await page.goto(REWARDS);
    const before = await balance(page);
    const claim = page.locator('[data-testid="task-share_app-claim"]');
    await expect.poll(() => claim.innerText()).toBe('Claim');
    expect(await page.locator('[data-testid="tab-badge-rewards"]').count()).toBe(0);

    const shared = page.waitForResponse((r) => r.url().endsWith('/api/v1/task/share'));
    await page.click('[data-testid="task-share_app-go"]');
    expect(((await (await shared).json()) as { code: number }).code).toBe(200);
    await expect.poll(() => claim.innerText()).toMatch(/^Claim \+\d+$/);
    const amount = Number((await claim.innerText()).replace(/\D/g, ''));
    await page.locator('[data-testid="tab-badge-rewards"]').waitFor();

    await claim.click();
    await expect.poll(() => text(page, 'toast')).toBe(`+${amount} coins received`);
    await expect.poll(() => balance(page)).toBe(before + amount);
    await expect.poll(() => claim.innerText()).toBe('Claimed');
    await page.locator('[data-testid="tab-badge-rewards"]').waitFor({ state: 'detached' });

    await page.goto(WALLET);
    const entry = page.locator('[data-testid="wallet-entry"][data-kind="share_app_reward"]');
    await entry.first().waitFor();
    expect(await entry.first().locator('[data-role="wallet-amount"]').innerText()).toBe(`+${amount}`);
    expect(await text(page, 'wallet-balance-value')).toContain(String(before + amount));
    expect(await page.locator('[data-testid="wallet-entry"][data-kind="checkin_reward"]').count()).toBe(1);
  });

  it('an invite code entered by a second new user pays both', async () => {
    const invitee = await freshPage();
    await signInBySms(invitee.page, world.twilio, '2015550162');
    // Opening the page is a launch: the invitee checks in first.
    const guestBefore = (await launch(invitee.page, INVITE)).data.balance;
    await expect.poll(async () => (await storedUser(invitee.page)).coin).toBe(guestBefore);
    await invitee.page.fill('[data-testid="invite-code-input"]', inviter.user.invite_code);
    await invitee.page.click('[data-testid="invite-submit"]');
    await expect.poll(() => text(invitee.page, 'toast')).toMatch(/^Invite code accepted: \+\d+ coins$/);
    const welcome = Number((await text(invitee.page, 'toast')).replace(/\D/g, ''));
    expect(welcome).toBeGreaterThan(0);
    await expect.poll(async () => (await storedUser(invitee.page)).coin).toBe(guestBefore + welcome);
    await invitee.page.locator('[data-testid="invite-enter-closed"]').waitFor();
    await invitee.context.close();

    const { page } = inviter;
    await page.goto(REWARDS);
    const before = await balance(page);
    const claim = page.locator('[data-testid="task-invite_friends-claim"]');
    await expect.poll(() => claim.innerText()).toMatch(/^Claim \+\d+$/);
    const amount = Number((await claim.innerText()).replace(/\D/g, ''));
    expect(await text(page, 'task-invite_friends-progress')).toMatch(/^1\//);
    await claim.click();
    await expect.poll(() => text(page, 'toast')).toBe(`+${amount} coins received`);
    await expect.poll(() => balance(page)).toBe(before + amount);

    await page.goto(INVITE);
    await expect.poll(() => page.locator('[data-testid="invite-record-item"]').count()).toBe(1);
  });

  it('the next day the strip advances: launching checks in day 2', async () => {
    const { page, context } = inviter;
    await page.goto(REWARDS);
    const before = await balance(page);
    // The server owns the date: restarted one day ahead (CLOCK_OFFSET_S), it is tomorrow.
    await world.restart({ CLOCK_OFFSET_S: String(24 * 60 * 60) });

    const next = await launch(page, REWARDS);
    expect(next.code).toBe(200);
    expect(next.data.day).toBe(2);
    for (const day of [1, 2]) {
      await expect
        .poll(() => page.locator(`[data-testid="checkin-day-${day}"]`).getAttribute('data-state'))
        .toBe('done');
    }
    expect(await page.locator('[data-testid="checkin-day-3"]').getAttribute('data-state')).toBe('ahead');
    const reward = Number(
      (await page.locator('[data-testid="checkin-day-2"] .checkin__day-reward').innerText()).replace(/\D/g, ''),
    );
    await expect.poll(() => balance(page)).toBe(before + reward);
    await context.close();
  });
});
