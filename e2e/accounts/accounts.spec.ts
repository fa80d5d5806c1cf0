import { Code, getUser, isApiError } from '@cliffhanger/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeHeadless } from '@cliffhanger/test-kit/fakes/oauth-fakes';
import { apiFor } from '../support/api.js';
import { startAccountsWorld, type AccountsWorld } from '../support/accounts-server.js';
import { launchBrowser, VIEWPORTS } from '../support/browser.js';

// A real 8×8 PNG (red), so the upload goes through the server's decode and WebP re-encode.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

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

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.server.url, viewport: VIEWPORTS.phone, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

const toast = (page: Page, text: string) => page.locator('[data-testid="toast"]', { hasText: text }).waitFor();

/** US numbers: the browser is en-US, so the country selector defaults to +1. */
async function signInBySms(page: Page, national: string): Promise<void> {
  await page.goto('/pages/login/index');
  await page.fill('[data-testid="login-phone"]', national);
  await page.click('[data-testid="login-send-code"]');
  const phone = `+1${national}`;
  await expect.poll(() => world.twilio.lastCodeFor(phone), { timeout: 10_000 }).toMatch(/^\d{6}$/);
  await expect(page.locator('[data-testid="login-send-code"]').isDisabled()).resolves.toBe(true);
  await page.fill('[data-testid="login-code"]', world.twilio.lastCodeFor(phone)!);
  await page.click('[data-testid="login-submit"]');
  await page.waitForFunction(() => localStorage.getItem('token') !== null);
}

async function meNickname(page: Page): Promise<string> {
  await page.goto('/pages/user/index');
  return page.locator('[data-testid="me-nickname"]').innerText();
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/pages/user/Setting');
  await page.click('[data-testid="settings-entry-sign-out"]');
  await page.click('[data-testid="sign-out-dialog-confirm"]');
  await page.waitForURL('**/pages/user/index');
  await page.locator('[data-testid="me-nickname"]', { hasText: 'Not logged in' }).waitFor();
}

describe('accounts in the browser', () => {
  it('signs in by SMS code, signs out, sets a password and signs in by password', async () => {
    const { context, page } = await freshPage();
    await signInBySms(page, '2015550123');
    const nickname = await meNickname(page);
    expect(nickname).not.toBe('Not logged in');
    const uid = await page.locator('[data-testid="me-uid"]').innerText();

    await page.goto('/pages/user/Setting');
    await page.click('[data-testid="settings-entry-password"]');
    await page.fill('[data-testid="password-new"]', 'correct horse 42');
    await page.fill('[data-testid="password-repeat"]', 'correct horse 42');
    await page.click('[data-testid="password-submit"]');
    await page.locator('[data-testid="password-dialog"]').waitFor({ state: 'detached' });

    await signOut(page);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user_info')])).toEqual([null, null]);

    await page.goto('/pages/login/index');
    await page.click('[data-testid="login-tab-password"]');
    await page.fill('[data-testid="login-phone"]', '2015550123');
    await page.fill('[data-testid="login-password"]', 'correct horse 42');
    await page.click('[data-testid="login-submit"]');
    await page.waitForFunction(() => localStorage.getItem('token') !== null);
    expect(await meNickname(page)).toBe(nickname);
    expect(await page.locator('[data-testid="me-uid"]').innerText()).toBe(uid);
    await context.close();
  });

  it('asks for the phone number, then the code, and refuses a wrong code', async () => {
    const { context, page } = await freshPage();
    await page.goto('/pages/login/index');
    await page.click('[data-testid="login-send-code"]');
    await toast(page, 'Please Enter Phone Number');
    await page.fill('[data-testid="login-phone"]', '2015550177');
    await page.click('[data-testid="login-submit"]');
    await toast(page, 'Please Enter Code');
    await page.click('[data-testid="login-send-code"]');
    await expect.poll(() => world.twilio.lastCodeFor('+12015550177'), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    const wrong = world.twilio.lastCodeFor('+12015550177') === '000000' ? '111111' : '000000';
    await page.fill('[data-testid="login-code"]', wrong);
    await page.click('[data-testid="login-submit"]');
    await page.locator('[data-testid="toast"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('signs in through the (fake) Google provider and comes back signed in', async () => {
    world.oauth.google.setProfile({ subject: 'google-e2e-1', name: 'Grace Google' });
    const { context, page } = await freshPage();
    await page.goto('/pages/login/index');
    await page.click('[data-testid="sign-in-google"]');
    await page.waitForFunction(() => localStorage.getItem('token') !== null, undefined, { timeout: 15_000 });
    expect(await meNickname(page)).toBe('Grace Google');
    await context.close();
  });

  it("does not sign a victim in with an attacker's callback link (login CSRF)", async () => {
    world.oauth.google.setProfile({ subject: 'google-e2e-attacker', name: 'Mallory Google' });
    // The attacker starts a sign-in in their own browser and stops at the way back: the provider's
    // answer (a redirect to our callback page with code and state) becomes the link they send.
    const attacker = await freshPage();
    const authUrl = world.oauth.env.GOOGLE_AUTH_URL!;
    let link: string | undefined;
    await attacker.page.route(
      (url) => url.href.startsWith(authUrl),
      async (route) => {
        const { code, state } = await authorizeHeadless(route.request().url());
        link = `/pages/login/googleLogin?${new URLSearchParams({ code, state }).toString()}`;
        await route.abort();
      },
    );
    await attacker.page.goto('/pages/login/index');
    await attacker.page.click('[data-testid="sign-in-google"]');
    await expect.poll(() => link, { timeout: 15_000 }).toMatch(/code=/);
    await attacker.context.close();

    // The victim opens the link: no session, and the failure page instead of the attacker's account.
    const victim = await freshPage();
    await victim.page.goto(link!);
    await victim.page.locator('[data-testid="oauth-failed"]').waitFor();
    expect(await victim.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await victim.context.close();
  });

  it('edits the profile with a real image upload', async () => {
    const { context, page } = await freshPage();
    await signInBySms(page, '2015550144');
    await page.goto('/pages/user/edit-person-info');
    await page.setInputFiles('[data-testid="profile-avatar-input"]', { name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.fill('[data-testid="profile-nickname"]', 'Edited Name');
    await page.fill('[data-testid="profile-username"]', `e2e_${Date.now() % 1_000_000}`);
    await page.click('[data-testid="profile-save"]');
    await page.click('[data-testid="profile-save-dialog-confirm"]');
    await toast(page, 'Profile updated successfully');
    expect(await meNickname(page)).toBe('Edited Name');
    const avatar = await page.locator('[data-testid="me-card"] img').first().getAttribute('src');
    expect(avatar).toMatch(/\/media\/avatars\/[\w-]+\.webp$/);
    const image = await context.request.get(avatar!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
    await context.close();
  });

  it('deletes the account and is signed out; the old token is refused', async () => {
    const { context, page } = await freshPage();
    await signInBySms(page, '2015550155');
    const token = await page.evaluate(() => localStorage.getItem('refresh_token') ?? localStorage.getItem('token'));
    await page.goto('/pages/login/deleteUserTips');
    await page.click('[data-testid="delete-confirm"]');
    await page.click('[data-testid="delete-popup-keep"]');
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await page.click('[data-testid="delete-confirm"]');
    await page.click('[data-testid="delete-popup-confirm"]');
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    expect(await meNickname(page)).toBe('Not logged in');
    const refused = await apiFor(world.server.url, token).call(getUser).then(
      () => 'answered',
      (error: unknown) => error,
    );
    expect(isApiError(refused) ? refused.code : refused).toBe(Code.SESSION_REVOKED);
    await context.close();
  });
});
