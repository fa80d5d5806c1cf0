import type { UserInfo } from '@cliffhanger/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';

/**
 * Signs in through the real login page by SMS, reading the code the server sent from the fake
 * Twilio. `national` is a US number: the browser is en-US, so the country selector defaults to +1.
 * Answers the user info the app stored.
 */
export async function signInBySms(page: Page, twilio: FakeTwilio, national: string): Promise<UserInfo> {
  await page.goto('/pages/login/index');
  await page.fill('[data-testid="login-phone"]', national);
  await page.click('[data-testid="login-send-code"]');
  const phone = `+1${national}`;
  await expect.poll(() => twilio.lastCodeFor(phone), { timeout: 10_000 }).toMatch(/^\d{6}$/);
  await page.fill('[data-testid="login-code"]', twilio.lastCodeFor(phone)!);
  // Signing in sends the silent check-in; its coins must not land in the middle of a spec's
  // balance comparison, so the sign-in is done when the check-in has been answered.
  const checkin = page.waitForResponse((response) => response.url().endsWith('/api/v1/task/checkin'), {
    timeout: 60_000,
  });
  await page.click('[data-testid="login-submit"]');
  await page.waitForFunction(() => localStorage.getItem('token') !== null);
  const { data } = (await (await checkin).json()) as { data: { balance: number } };
  // The response is seen here before the page has stored its balance.
  await page.waitForFunction(
    (balance) => (JSON.parse(localStorage.getItem('user_info') ?? '{}') as { coin?: number }).coin === balance,
    data.balance,
  );
  return JSON.parse((await page.evaluate(() => localStorage.getItem('user_info'))) ?? '{}') as UserInfo;
}
