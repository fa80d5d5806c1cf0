import { Code, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/**
 * Races on real PostgreSQL. PGlite runs one statement at a time and would prove
 * nothing, so this suite runs only in the server-pg project.
 */
const PRICE = 10;
const PARALLEL = 50;

describe('unlock races on PostgreSQL', () => {
  let kit: WalletKit;

  beforeAll(async () => {
    kit = await createWalletKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  /** A drama of PARALLEL paid episodes and a user holding `coins`. */
  async function setup(coins: number): Promise<{ user: Session; episodeIds: number[]; dramaId: number }> {
    const seeded = await seedDrama(kit.t.app, {
      episodes: PARALLEL,
      freeEpisodes: 0,
      episodePrice: PRICE,
      allPrice: PRICE * PARALLEL,
    });
    const user = await kit.user();
    if (coins > 0) await kit.credit(user.user.uid, coins);
    return { user, episodeIds: seeded.episodes.map((e) => e.id), dramaId: seeded.drama.id };
  }

  const codes = (responses: LightMyRequestResponse[]) => responses.map((res) => envelope(res).code);
  const count = (list: number[], code: number) => list.filter((c) => c === code).length;

  it(`${PARALLEL} parallel unlocks of different episodes by a user who can afford k: exactly k succeed`, async () => {
    const k = 17;
    const { user, episodeIds } = await setup(k * PRICE);
    const uid = user.user.uid;
    const results = codes(
      await Promise.all(episodeIds.map((id) => kit.unlock(user.token, { episode_id: id }))),
    );
    expect(count(results, 200)).toBe(k);
    expect(count(results, Code.INSUFFICIENT_COINS)).toBe(PARALLEL - k);
    expect(await kit.coin(uid)).toBe(0);
    expect(await kit.scalar(sql`SELECT count(*) FROM episode_unlocks WHERE user_id = ${uid}`)).toBe(k);
    expect(await kit.scalar(sql`SELECT min(balance_after) FROM wallet_entries WHERE user_id = ${uid}`)).toBe(0);
    expect(await kit.scalar(sql`SELECT sum(amount) FROM wallet_entries WHERE user_id = ${uid}`)).toBe(0);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it(`${PARALLEL} identical unlocks: one debit, the rest 10019`, async () => {
    const { user, episodeIds, dramaId } = await setup(1000);
    const uid = user.user.uid;
    const single = codes(
      await Promise.all(episodeIds.map(() => kit.unlock(user.token, { episode_id: episodeIds[0] }))),
    );
    expect(count(single, 200)).toBe(1);
    expect(count(single, Code.ALREADY_OWNED)).toBe(PARALLEL - 1);
    const all = codes(
      await Promise.all(episodeIds.map(() => kit.unlock(user.token, { drama_id: dramaId, all: true }))),
    );
    expect(count(all, 200)).toBe(1);
    expect(count(all, Code.ALREADY_OWNED)).toBe(PARALLEL - 1);
    expect(await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${uid} AND kind = 'consume'`)).toBe(2);
    expect(await kit.coin(uid)).toBe(1000 - PRICE * PARALLEL);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it('unlocks, credits and the expiry job at once leave every wallet reconciled', async () => {
    const { user, episodeIds } = await setup(100);
    const uid = user.user.uid;
    await kit.t.app.services.wallet.credit({
      userId: uid,
      kind: 'checkin_reward',
      amount: 40,
      key: 'race:checkin',
      expiresAt: new Date(kit.clock.now().getTime() + 1000),
    });
    kit.clock.advance(2);
    await Promise.all([
      ...episodeIds.slice(0, 30).map((id) => kit.unlock(user.token, { episode_id: id })),
      ...Array.from({ length: 20 }, () => kit.credit(uid, 3)),
      kit.t.app.services.wallet.expireDue(),
      kit.call('GET', '/wallet', { token: user.token }),
    ]);
    expect((await kit.reconcile()).differences).toEqual([]);
    // The expired check-in coins were never spent: 100 + 20*3 paid for at most 16 episodes.
    expect(await kit.scalar(sql`SELECT count(*) FROM episode_unlocks WHERE user_id = ${uid}`)).toBeLessThanOrEqual(16);
    expect(await kit.scalar(sql`SELECT -sum(amount) FROM wallet_entries WHERE user_id = ${uid} AND kind = 'coin_expiry'`)).toBe(40);
  });

  /**
   * Positive control: the same race against a deliberately unguarded debit (read the balance,
   * then write the difference, no row lock, no condition) must go wrong, or the test above could
   * pass without the guard doing anything.
   */
  it('POSITIVE CONTROL: an unguarded read-then-write debit over-spends in the same race', async () => {
    const k = 17;
    const { user, episodeIds } = await setup(k * PRICE);
    const uid = user.user.uid;
    const db = kit.t.app.database.db;
    const outcomes = await Promise.all(
      episodeIds.map((id) => unguardedUnlock(db, uid, id, PRICE).then(() => 'ok', () => 'refused')),
    );
    const succeeded = outcomes.filter((o) => o === 'ok').length;
    expect(succeeded).toBeGreaterThan(k);
    const ledger = await kit.scalar(sql`SELECT sum(amount) FROM wallet_entries WHERE user_id = ${uid}`);
    expect(ledger).toBeLessThan(0);
    expect(await kit.coin(uid)).not.toBe(ledger);
    expect((await kit.reconcile()).differences.map((d) => d.userId)).toContain(uid);
  });
});

/** TEST ONLY, deliberately wrong: what the wallet service would be without lock and condition. */
async function unguardedUnlock(db: Db, userId: number, episodeId: number, cost: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ coin: number }>(tx, sql`SELECT coin FROM users WHERE id = ${userId}`);
    const coin = row?.coin ?? 0;
    if (coin < cost) throw new Error('insufficient');
    // Widen the window between read and write, as a slow request would.
    await tx.execute(sql`SELECT pg_sleep(0.02)`);
    await tx.execute(sql`UPDATE users SET coin = ${coin - cost} WHERE id = ${userId}`);
    await tx.execute(
      sql`INSERT INTO wallet_entries (user_id, kind, amount, balance_after, idempotency_key, ref)
          VALUES (${userId}, 'consume', ${-cost}, ${coin - cost}, ${`unguarded:${episodeId}`}, ${`episode:${episodeId}`})`,
    );
    await tx.execute(sql`INSERT INTO episode_unlocks (user_id, episode_id) VALUES (${userId}, ${episodeId})`);
  });
}
