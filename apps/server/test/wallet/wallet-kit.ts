import type { Session } from '@cliffhanger/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/query-rows.js';
import type { CreditInput } from '../../src/services/wallet/wallet.service.js';
import { reconcileWallets, type ReconcileReport } from '../../src/services/wallet/reconcile.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { signIn } from '../helpers/accounts.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

export interface WalletKit {
  t: TestApp;
  clock: TestClock;
  /** A new signed-in user. */
  user(): Promise<Session>;
  /** One API call; `token` omitted = a visitor. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; payload?: unknown },
  ): Promise<LightMyRequestResponse>;
  unlock(token: string, payload: unknown): Promise<LightMyRequestResponse>;
  /** Credits through the wallet service (the only writer), with a fresh key unless one is given. */
  credit(userId: number, amount: number, extra?: Partial<CreditInput>): Promise<void>;
  coin(userId: number): Promise<number>;
  /** A single integer from SQL. */
  scalar(query: SQL): Promise<number>;
  reconcile(): Promise<ReconcileReport>;
  close(): Promise<void>;
}

let keySeq = 0;

/** The whole app on a fresh database with a movable clock and a recording SMS sender. */
export async function createWalletKit(
  options: Pick<TestAppOptions, 'env'> & { clockStart?: Date } = {},
): Promise<WalletKit> {
  const sms = new RecordingSmsSender();
  const clock = new TestClock(options.clockStart);
  const t = await createTestApp({
    clock: clock.now,
    smsSender: sms,
    env: { SMS_IP_HOURLY_CAP: '100000', ...options.env },
  });
  const call: WalletKit['call'] = (method, url, opts = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: opts.token ? { authorization: opts.token } : {},
      ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }),
    });
  const scalar = async (query: SQL) => {
    const [row] = await queryRows<{ n: number | string }>(t.app.database.db, sql`SELECT (${query}) AS n`);
    return Number(row?.n);
  };
  return {
    t,
    clock,
    user: () => signIn({ app: t.app, sms }),
    call,
    unlock: (token, payload) => call('POST', '/unlock', { token, payload }),
    async credit(userId, amount, extra = {}) {
      keySeq += 1;
      await t.app.services.wallet.credit({ userId, kind: 'recharge', amount, key: `test:${keySeq}`, ...extra });
    },
    coin: (userId) => scalar(sql`SELECT coin FROM users WHERE id = ${userId}`),
    scalar,
    reconcile: () => reconcileWallets(t.app.database.db),
    close: () => t.close(),
  };
}
