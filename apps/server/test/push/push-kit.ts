import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Session } from '@cliffhanger/contract';
import { startFakeApns, type FakeApns } from '@cliffhanger/test-kit/fakes/fake-apns';
import {
  startFakeWebPush,
  type FakeWebPush,
  type FakeWebPushSubscription,
} from '@cliffhanger/test-kit/fakes/fake-web-push';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

export const APNS_TEAM = 'TEAM123456';
export const APNS_KEY_ID = 'KEY1234567';
export const APNS_TOPIC = 'com.cliffhanger.test';

export interface PushKit {
  t: TestApp;
  clock: TestClock;
  webPush: FakeWebPush;
  apns: FakeApns;
  user(): Promise<Session>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; payload?: unknown },
  ): Promise<LightMyRequestResponse>;
  /** Opts the viewer in (everything on unless `overrides` says otherwise). */
  optIn(token: string, overrides?: Record<string, unknown>): Promise<void>;
  /** A new stand-in subscription registered for the viewer. */
  subscribeWeb(token: string): Promise<FakeWebPushSubscription>;
  scalar(query: ReturnType<typeof sql>): Promise<number>;
  close(): Promise<void>;
}

/**
 * The whole app with the push stand-ins: a Web Push service (VAPID checked, payloads decrypted)
 * allowed through WEB_PUSH_EXTRA_ORIGINS, and an APNs server over HTTP/2 and TLS with a key of
 * the test's own. The clock starts at noon UTC, outside the default quiet hours.
 */
export async function createPushKit(): Promise<PushKit> {
  const sms = new RecordingSmsSender();
  const clock = new TestClock('2026-11-21T12:00:00.000Z');
  const webPush = await startFakeWebPush();
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const apns = await startFakeApns({ teamId: APNS_TEAM, keyId: APNS_KEY_ID, publicKey, topic: APNS_TOPIC });
  const dir = mkdtempSync(join(tmpdir(), 'push-kit-'));
  const keyFile = join(dir, `AuthKey_${APNS_KEY_ID}.p8`);
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const t = await createTestApp({
    clock: clock.now,
    smsSender: sms,
    env: {
      SMS_IP_HOURLY_CAP: '100000',
      WEB_PUSH_EXTRA_ORIGINS: webPush.origin,
      WEB_PUSH_CA_FILE: webPush.caFile,
      APNS_KEY_FILE: keyFile,
      APNS_KEY_ID,
      APNS_TEAM_ID: APNS_TEAM,
      APNS_TOPIC,
      APNS_HOST: apns.host,
      APNS_CA_FILE: apns.caFile,
    },
  });
  const call: PushKit['call'] = (method, url, options = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: options.token ? { authorization: options.token } : {},
      ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    });
  return {
    t,
    clock,
    webPush,
    apns,
    user: () => signIn({ app: t.app, sms }),
    call,
    async optIn(token, overrides = {}) {
      const res = await call('PUT', '/notifications/settings', {
        token,
        payload: {
          new_episodes: true,
          checkin_reminder: true,
          checkin_time: '20:00',
          vip_renewal: true,
          quiet_start: '22:00',
          quiet_end: '08:00',
          time_zone: 'UTC',
          language: 'en',
          ...overrides,
        },
      });
      if (envelope(res).code !== 200) throw new Error(`opt-in failed: ${res.body}`);
    },
    async subscribeWeb(token) {
      const subscription = webPush.subscribe();
      const res = await call('POST', '/notifications/subscriptions', {
        token,
        payload: { platform: 'web', ...subscription },
      });
      if (envelope(res).code !== 200) throw new Error(`subscribe failed: ${res.body}`);
      return subscription;
    },
    async scalar(query) {
      const [row] = await queryRows<{ n: number | string }>(t.app.database.db, sql`SELECT (${query}) AS n`);
      return Number(row?.n);
    },
    async close() {
      await t.close();
      await webPush.close();
      await apns.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
