import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDrama, listDramas, type DramaDetail } from '@cliffhanger/contract';
import { startFakeTwilio, type FakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { startFakeWebPush, type FakeWebPush } from '@cliffhanger/test-kit/fakes/fake-web-push';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { launchBrowser, VIEWPORTS, type ViewportSize } from '../support/browser.js';
import { createOperator, enrol, signIn } from '../support/console.js';
import { seededDataDir } from '../support/seeded-data-dir.js';
import { freePort, startServer, type RunningServer } from '../support/server-process.js';
import { signInBySms } from '../support/sign-in.js';

/**
 * Follow and push, in Chromium: a signed-in viewer at 390×844 and one at 1280×800 turn on
 * new-episode notifications on Settings and collect a drama; an operator uploads its next episode
 * in the console; the server's push reaches the stand-in push service (VAPID checked, payload
 * decrypted), and delivered to each viewer's service worker it shows as a notification
 * (`registration.getNotifications()`). Headless Chromium reaches no real push service, so when
 * `pushManager.subscribe` cannot work the page says so and the viewer's device is registered
 * with the stand-in's endpoint and keys, which the test holds.
 */
const EMAIL = 'push-admin@cliffhanger.test';
const PASSWORD = 'push-notes-1234';
const TWILIO = { accountSid: 'AC00000000000000000000000000000f0f', authToken: 'e2e-token' };
const IMPORT_MS = 240_000;

let browser: Browser;
let server: RunningServer;
let twilio: FakeTwilio;
let webPush: FakeWebPush;
let dataDir: string;
let fixtures: string;
let enrolmentLink: string;

const VIEWERS: [string, ViewportSize, string][] = [
  ['390x844', VIEWPORTS.phone, '2015550171'],
  ['1280x800', VIEWPORTS.desktop, '2015550172'],
];

beforeAll(async () => {
  fixtures = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-push-'));
  // prettier-ignore
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x568:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(fixtures, 'next-episode.mp4'),
  ]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-push-data-'));
  const seed = seededDataDir();
  if (seed) cpSync(seed, dataDir, { recursive: true });
  const port = await freePort();
  const publicBaseUrl = `http://127.0.0.1:${port}`;
  enrolmentLink = createOperator(dataDir, publicBaseUrl, EMAIL);
  twilio = await startFakeTwilio(TWILIO);
  webPush = await startFakeWebPush();
  server = await startServer({
    port,
    env: {
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: publicBaseUrl,
      SMS_PROVIDER: 'twilio',
      TWILIO_API_BASE: twilio.url,
      TWILIO_ACCOUNT_SID: TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO.authToken,
      TWILIO_FROM: '+15005550006',
      SMS_IP_HOURLY_CAP: '1000',
      WEB_PUSH_EXTRA_ORIGINS: webPush.origin,
      WEB_PUSH_CA_FILE: webPush.caFile,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await twilio?.close();
  await webPush?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (fixtures) rmSync(fixtures, { recursive: true, force: true });
});

/** A released demo drama with episodes. */
async function someDrama(): Promise<DramaDetail> {
  const api = apiFor(server.url);
  const [card] = ok(await api.call(listDramas, { query: { size: 1, lang: 'en' } })).list;
  if (!card) throw new Error('the demo catalogue has no drama');
  return ok(await api.call(getDrama, { params: { id: card.id }, query: { lang: 'en' } }));
}

/** A call of the API as the signed-in page makes it (its stored token). */
async function asViewer(page: Page, method: string, url: string, body?: unknown): Promise<{ code: number }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(`/api/v1${url}`, {
        method,
        headers: {
          authorization: localStorage.getItem('token') ?? '',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as { code: number };
    },
    { method, url, body },
  );
}

interface Viewer {
  label: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** The service worker's registration id, as CDP names it. */
  registrationId: string;
  endpoint: string;
}

describe('follow and push', () => {
  it(
    'a new episode of a collected drama reaches each viewer’s service worker as a notification',
    { timeout: 600_000 },
    async () => {
      const drama = await someDrama();
      const viewers: Viewer[] = [];

      for (const [label, viewport, phone] of VIEWERS) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport,
          locale: 'en-US',
          permissions: ['notifications'],
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        const registrations = new Map<string, string>();
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
          for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
        });
        await cdp.send('ServiceWorker.enable');
        await signInBySms(page, twilio, phone);
        await page.goto('/pages/user/Setting');
        await page.waitForFunction(
          async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
          null,
          {
            timeout: 30_000,
          },
        );

        // Turning new episodes on asks this browser to subscribe through its service worker.
        const toggle = page.getByTestId('notifications-new_episodes');
        await toggle.click();
        const outcome = await Promise.race([
          page
            .getByTestId('notifications-problem')
            .waitFor()
            .then(() => 'no push service' as const),
          expect
            .poll(() => toggle.isChecked(), { timeout: 30_000 })
            .toBe(true)
            .then(() => 'subscribed' as const),
        ]);
        // Either way the stand-in's subscription is this viewer's device: its keys are the test's.
        const subscription = webPush.subscribe();
        expect(
          (await asViewer(page, 'POST', '/notifications/subscriptions', { platform: 'web', ...subscription })).code,
        ).toBe(200);
        if (outcome === 'no push service') {
          await page.reload();
          await page.getByTestId('notifications-devices').filter({ hasText: '1' }).waitFor();
          await page.getByTestId('notifications-new_episodes').click();
          await expect
            .poll(() => page.getByTestId('notifications-new_episodes').isChecked(), { timeout: 15_000 })
            .toBe(true);
        }
        // The drama goes into the viewer's list.
        expect((await asViewer(page, 'PUT', `/favorites/${drama.id}`)).code).toBe(200);

        await expect.poll(() => registrations.get(`${server.url}/`), { timeout: 15_000 }).toBeTruthy();
        viewers.push({
          label,
          context,
          page,
          cdp,
          registrationId: registrations.get(`${server.url}/`)!,
          endpoint: subscription.endpoint,
        });
      }

      // An operator uploads the drama's next episode in the console.
      const operator = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      const console_ = await operator.newPage();
      console_.setDefaultTimeout(30_000);
      await console_.goto(enrolmentLink);
      const { recoveryCodes } = await enrol(console_, PASSWORD);
      await signIn(console_, EMAIL, PASSWORD, recoveryCodes[0]!);
      await console_.goto(`/console/catalogue/${drama.id}`);
      const upload = console_.locator('.episode-upload');
      await upload.getByLabel('Video files').setInputFiles(path.join(fixtures, 'next-episode.mp4'));
      await upload.getByRole('button', { name: 'Upload' }).click();
      await expect
        .poll(() => upload.locator('.episode-upload__status').allTextContents(), { timeout: IMPORT_MS, interval: 1000 })
        .toEqual(['Ready: viewers can watch it']);
      const number = drama.episodes.length + 1;
      const title = `Episode ${number} of ${drama.title} is out`;

      // The push service got one push per viewer, signed with the server's key and decrypted here.
      const pushes = await webPush.waitFor(viewers.length, 90_000);
      for (const viewer of viewers) {
        const push = pushes.find((p) => p.endpoint === viewer.endpoint);
        expect(push, viewer.label).toBeDefined();
        const payload = JSON.parse(push!.body) as { title: string; url: string };
        expect(payload.title).toBe(title);
        expect(payload.url).toContain(`drama_id=${drama.id}`);

        // Delivered to the page's service worker, it is shown. Delivered again every 5 s while
        // nothing shows, as a push service retries: a worker a busy machine was still waking can
        // miss one, and a repeat replaces the notification (its tag) rather than adding one.
        const shown = () =>
          viewer.page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
            })),
          );
        let delivered = 0;
        await expect
          .poll(
            async () => {
              const now = await shown();
              if (now.length === 0 && Date.now() >= delivered + 5_000) {
                delivered = Date.now();
                await viewer.cdp.send('ServiceWorker.deliverPushMessage', {
                  origin: server.url,
                  registrationId: viewer.registrationId,
                  data: push!.body,
                });
              }
              return now;
            },
            { timeout: 30_000, interval: 250 },
          )
          .toEqual([{ title, body: 'Watch it now.' }]);
      }

      await operator.close();
      for (const viewer of viewers) await viewer.context.close();
    },
  );
});
