import type { Session } from '@cliffhanger/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { signIn } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

export interface SocialKit {
  t: TestApp;
  clock: TestClock;
  /** A new signed-in user. */
  user(): Promise<Session>;
  /** One API call; `token` omitted = a visitor. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; payload?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** A single integer from SQL, e.g. `select count(*) from comments`. */
  scalar(query: SQL): Promise<number>;
  close(): Promise<void>;
}

/** The whole app on a fresh database with a movable clock and a recording SMS sender. */
export async function createSocialKit(): Promise<SocialKit> {
  const sms = new RecordingSmsSender();
  const clock = new TestClock();
  // Many sign-ins from the one test IP.
  const t = await createTestApp({ clock: clock.now, smsSender: sms, env: { SMS_IP_HOURLY_CAP: '100000' } });
  return {
    t,
    clock,
    user: () => signIn({ app: t.app, sms }),
    call: (method, url, options = {}) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...(options.token ? { authorization: options.token } : {}), ...options.headers },
        ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
      }),
    async scalar(query) {
      const [row] = await queryRows<{ n: number | string }>(t.app.database.db, sql`SELECT (${query}) AS n`);
      return Number(row?.n);
    },
    close: () => t.close(),
  };
}
