import type { Session } from '@cliffhanger/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, newPhone, signIn } from '../helpers/accounts.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

export interface RewardsKit {
  t: TestApp;
  clock: TestClock;
  sms: RecordingSmsSender;
  /** A new signed-in user (or the one owning `phone`). */
  user(phone?: string): Promise<Session>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; payload?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  checkin(token: string, payload?: unknown): Promise<LightMyRequestResponse>;
  overview(token?: string): Promise<LightMyRequestResponse>;
  claim(token: string, key: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Plays the episode, lets `seconds` of real time pass, and reports the position. */
  watch(token: string, episodeId: number, options?: { seconds?: number; position?: number }): Promise<void>;
  coin(userId: number): Promise<number>;
  scalar(query: SQL): Promise<number>;
  close(): Promise<void>;
}

/** The whole app on a fresh database with a movable clock (2026-11-21T10:00Z) and a recording SMS sender. */
export async function createRewardsKit(options: Pick<TestAppOptions, 'env'> = {}): Promise<RewardsKit> {
  const sms = new RecordingSmsSender();
  const clock = new TestClock();
  const t = await createTestApp({
    clock: clock.now,
    smsSender: sms,
    env: {
      SMS_IP_HOURLY_CAP: '100000',
      SMS_PHONE_HOURLY_CAP: '10000',
      SMS_RESEND_S: '0',
      // Tests move the clock across days and weeks; sessions must outlive that.
      ACCESS_TOKEN_TTL_S: String(30 * 86_400),
      REFRESH_TOKEN_TTL_S: String(365 * 86_400),
      // Injected requests all come from 127.0.0.1: every kit user shares one network. The
      // same-network cap has its own tests (test/security/invite-farming.db.test.ts).
      INVITE_SAME_NETWORK_CAP: '1000',
      ...options.env,
    },
  });
  const call: RewardsKit['call'] = (method, url, opts = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
      ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }),
    });
  const scalar = async (query: SQL) => {
    const [row] = await queryRows<{ n: number | string }>(t.app.database.db, sql`SELECT (${query}) AS n`);
    return Number(row?.n);
  };
  return {
    t,
    clock,
    sms,
    user: (phone = newPhone()) => signIn({ app: t.app, sms }, phone),
    call,
    checkin: (token, payload) => call('POST', '/task/checkin', { token, payload }),
    overview: (token) => call('GET', '/task', token ? { token } : {}),
    claim: (token, key, payload) => call('POST', `/task/${key}/claim`, { token, payload }),
    async watch(token, episodeId, opts = {}) {
      const played = await call('GET', `/episodes/${episodeId}/play`, { token });
      if (envelope(played).code !== 200) throw new Error(`play failed: ${played.body}`);
      clock.advance(opts.seconds ?? 10);
      const saved = await call('PUT', '/history', { token, payload: { episode_id: episodeId, position_s: opts.position ?? 6 } });
      if (envelope(saved).code !== 200) throw new Error(`progress failed: ${saved.body}`);
    },
    coin: (userId) => scalar(sql`SELECT coin FROM users WHERE id = ${userId}`),
    scalar,
    close: () => t.close(),
  };
}
