import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { enrol, pageProblems, signIn, startConsoleWorld, type ConsoleWorld } from '../support/console.js';

/**
 * The console's foundation in Chromium: an operator made by the real command, enrolled from the
 * printed link (the key read off the page, the codes computed as an authenticator would), signed
 * in with a recovery code, home, sign-out, all under the console's strict CSP.
 */
const EMAIL = 'first-admin@example.com';
const PASSWORD = 'a long operator passphrase';

let world: ConsoleWorld;
let browser: Browser;

beforeAll(async () => {
  world = await startConsoleWorld(EMAIL);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

describe('the console, from the enrolment link to sign-out', () => {
  it('enrols, signs in, shows home, and signs out', async () => {
    expect(world.enrolmentLink.startsWith(`${world.server.url}/console/enrol?token=`)).toBe(true);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = pageProblems(page);

    const response = await page.goto(world.enrolmentLink);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');

    const { recoveryCodes } = await enrol(page, PASSWORD);
    expect(recoveryCodes).toHaveLength(10);

    // The enrolment used this time step's code, and a code is accepted once: a recovery code signs in.
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    await signIn(page, EMAIL, PASSWORD, recoveryCodes[0]!);
    // The router writes home as /console; the server sends a typed /console on to /console/.
    expect(new URL(page.url()).pathname).toMatch(/^\/console\/?$/);
    expect(await page.getByText(`Signed in as ${EMAIL}`).isVisible()).toBe(true);

    // A reload keeps the session (the HttpOnly cookie), and an unknown page is the console's own.
    await page.goto(`${world.server.url}/console/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    // Signed out for real: home sends the visitor back to sign-in.
    await page.goto(`${world.server.url}/console/`);
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();

    // Signed out, the console's /me is refused (10027, HTTP 401) and the app goes to sign-in; nothing else failed.
    expect(problems.filter((problem) => problem !== '401 /console/api/v1/me')).toEqual([]);
    await context.close();
  });
});
