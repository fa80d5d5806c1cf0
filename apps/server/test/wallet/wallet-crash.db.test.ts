import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/create-database.js';
import type { Database } from '../../src/db/database.js';
import { systemClock } from '../../src/lib/clock.js';
import { createWalletServices } from '../../src/services/wallet/wallet-services.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { signIn } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestDatabaseUrl, testDbDriver, type TestDatabaseUrl } from '../helpers/test-app.js';
import { runWalletCli, startServerProcess } from '@cliffhanger/test-kit/server-process';

/**
 * The real server killed with SIGKILL in the middle of unlocks, wallet reads that expire coins
 * and (on PostgreSQL) credits from another process; restarted; then `npm run wallet -- reconcile`
 * must find no difference. Also the CLI's other commands and their bad input.
 */
const USERS = 6;
const EPISODES = 30;

let dataDir: string;
let target: TestDatabaseUrl;
let env: Record<string, string>;
const sessions: Session[] = [];
const dramas: { dramaId: number; episodeIds: number[] }[] = [];

/** Opens the database from this process (only while no server runs, on PGlite). */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await createDatabase({ databaseUrl: target.databaseUrl, dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-wallet-crash-'));
  target = await createTestDatabaseUrl();
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    DEMO_CATALOG: 'false',
    SMS_IP_HOURLY_CAP: '100000',
    AUTH_SECRET: 'wallet-crash-test-secret-0123456789abcdefghijkl',
  };
  // Users, dramas and coins, made by the app itself in this process; then the process is left.
  const sms = new RecordingSmsSender();
  const app = await buildApp(loadConfig(env), { smsSender: sms });
  try {
    for (let i = 0; i < USERS; i += 1) sessions.push(await signIn({ app, sms }));
    for (let d = 0; d < 2; d += 1) {
      const seeded = await seedDrama(app, { episodes: EPISODES, freeEpisodes: 2, episodePrice: 7, allPrice: 150 });
      dramas.push({ dramaId: seeded.drama.id, episodeIds: seeded.episodes.map((e) => e.id) });
    }
    for (const [i, session] of sessions.entries()) {
      const userId = session.user.uid;
      await app.services.wallet.credit({ userId, kind: 'recharge', amount: 120 + 40 * i, key: 'seed:recharge' });
      // Due by the time the server is up: the first requests expire them lazily while the load
      // runs. (Later expiries would be spent first instead: spending takes the soonest lot.)
      await app.services.wallet.credit({
        userId,
        kind: 'checkin_reward',
        amount: 30,
        key: 'seed:checkin',
        expiresAt: new Date(Date.now() + 1_000 + 50 * i),
      });
    }
  } finally {
    await app.close();
  }
}, 120_000);

afterAll(async () => {
  await target?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed mid-load', () => {
  it('restarts and reconciles with no difference', async () => {
    const server = await startServerProcess(env);
    let stop = false;
    let unlocked = 0;
    const call = (path: string, token: string, body?: unknown) =>
      fetch(`${server.url}/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
        .then(async (res) => ((await res.json()) as { code: number }).code)
        // The kill can cut a request or the middle of its body: either is "no answer".
        .catch(() => -1);
    // Each user keeps a few requests in flight until the kill.
    const worker = async (session: Session, w: number) => {
      for (let n = 0; !stop; n += 1) {
        const drama = dramas[(w + n) % dramas.length]!;
        const pick = n % 9;
        const code =
          pick === 0
            ? await call(`/unlock`, session.token, { drama_id: drama.dramaId, all: true })
            : pick === 1
              ? await call('/wallet', session.token)
              : await call('/unlock', session.token, { episode_id: drama.episodeIds[(n * 7 + w) % EPISODES] });
        if (code === 200) unlocked += 1;
      }
    };
    // On PostgreSQL another process credits at the same time (PGlite allows one process only).
    const crediting = async () => {
      if (testDbDriver() === 'pglite') return;
      await withDatabase(async (database) => {
        const { wallet } = createWalletServices({ db: database.db, clock: systemClock, config: loadConfig(env) });
        for (let n = 0; !stop; n += 1) {
          await wallet
            .credit({ userId: sessions[n % USERS]!.user.uid, kind: 'giveaway', amount: 3, key: `load:${n}` })
            .catch(() => undefined);
        }
      });
    };
    const load = [...sessions.flatMap((session, i) => [worker(session, i), worker(session, i + USERS)]), crediting()];
    // Let the load run, then kill without warning.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await server.kill();
    stop = true;
    await Promise.all(load);
    expect(unlocked).toBeGreaterThan(0);

    const restarted = await startServerProcess(env);
    const codes = await Promise.all(
      sessions.map((session) =>
        fetch(`${restarted.url}/api/v1/wallet`, { headers: { authorization: session.token } }).then(
          async (res) => ((await res.json()) as { code: number }).code,
        ),
      ),
    );
    expect(codes).toEqual(Array(USERS).fill(200));
    await restarted.stop();

    const report = runWalletCli(['reconcile'], env);
    expect(report.stdout).toMatch(/no differences/);
    expect(report.status).toBe(0);
    const expired = await withDatabase(async (database) => {
      const rows = await database.db.execute(sql`SELECT count(*)::int AS n FROM wallet_entries WHERE kind = 'coin_expiry'`);
      return (rows as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    });
    expect(expired).toBeGreaterThan(0);
  }, 120_000);
});

describe('npm run wallet', () => {
  it('credits once per key, grants VIP, refuses bad input, and reconcile reports a tampered balance', () => {
    const uid = String(sessions[0]!.user.uid);
    const first = runWalletCli(['credit', uid, '25', 'giveaway', 'support-ticket-1'], env);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Credited 25 coins/);
    const again = runWalletCli(['credit', uid, '25', 'giveaway', 'support-ticket-1'], env);
    expect(again.stdout).toMatch(/Already credited/);
    const reused = runWalletCli(['credit', uid, '26', 'giveaway', 'support-ticket-1'], env);
    expect(reused.status).toBe(1);
    expect(reused.stderr).toMatch(/30003/);

    for (const args of [
      ['credit', uid, '-5', 'giveaway'],
      ['credit', uid, '1.5', 'giveaway'],
      ['credit', uid, '5', 'recharge'],
      ['credit', 'abc', '5', 'giveaway'],
      ['grant-vip', uid],
      ['nonsense'],
    ]) {
      const res = runWalletCli(args, env);
      expect(res.status, `${args.join(' ')}: ${res.stderr}`).toBe(2);
    }
    // Zero passes the digits check and is refused by the wallet service itself.
    expect(runWalletCli(['credit', uid, '0', 'giveaway'], env).stderr).toMatch(/10001/);
    expect(runWalletCli(['credit', '99999999', '5', 'giveaway'], env).status).toBe(1);

    const vip = runWalletCli(['grant-vip', uid, '3'], env);
    expect(vip.status).toBe(0);
    expect(vip.stdout).toMatch(/VIP until/);
    expect(runWalletCli(['reconcile'], env).status).toBe(0);
  }, 120_000);

  it('reconcile exits 1 and names the wallet whose balance was edited behind the ledger', async () => {
    const uid = sessions[1]!.user.uid;
    await withDatabase((database) => database.db.execute(sql`UPDATE users SET coin = coin + 5 WHERE id = ${uid}`));
    const report = runWalletCli(['reconcile'], env);
    expect(report.status).toBe(1);
    expect(report.stdout).toMatch(new RegExp(`user ${uid}: coin \\d+, ledger sum \\d+`));
  }, 120_000);
});
