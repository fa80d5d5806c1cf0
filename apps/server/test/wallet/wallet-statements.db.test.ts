import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import type { WalletService } from '../../src/services/wallet/wallet.service.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/**
 * The wallet's single-statement writes and their guards: a lot that falls due after the lock was
 * taken, a key seen before, an episode owned already. Each guard must leave everything as it was
 * and hand over to the general path, under the lock the transaction holds.
 */
let kit: WalletKit;
let wallet: WalletService;

beforeAll(async () => {
  kit = await createWalletKit();
  wallet = kit.t.app.services.wallet;
});
afterAll(async () => {
  await kit?.close();
});

const newUserId = async () => (await kit.t.app.services.users.createUser({})).id;
const kinds = (userId: number) =>
  kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${userId} AND kind = 'coin_expiry'`);

describe('a lot that falls due between the lock and the write', () => {
  it('is expired before a debit in the same transaction, never spent', async () => {
    const userId = await newUserId();
    await wallet.credit({ userId, kind: 'recharge', amount: 10, key: 'paid' });
    await wallet.credit({
      userId,
      kind: 'giveaway',
      amount: 30,
      key: 'soon',
      expiresAt: new Date(kit.clock.now().getTime() + 60_000),
    });
    const result = await kit.t.app.database.db.transaction(async (tx) => {
      const holder = await wallet.open(userId, tx);
      expect(holder.coin).toBe(40);
      // The lot expires now, after the lock statement looked: the debit's own guard must see it.
      kit.clock.advance(120);
      return wallet.purchase({ userId, kind: 'consume', amount: 8, key: 'spend', episodeIds: [] }, tx);
    });
    expect(result).toMatchObject({ owned: false, balance: 2 });
    expect(await kinds(userId)).toBe(1);
    expect(await kit.coin(userId)).toBe(2);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it('is expired before a credit in the same transaction; the 30001 of a debit shows the balance without it', async () => {
    const userId = await newUserId();
    await wallet.credit({
      userId,
      kind: 'giveaway',
      amount: 30,
      key: 'soon',
      expiresAt: new Date(kit.clock.now().getTime() + 60_000),
    });
    await kit.t.app.database.db.transaction(async (tx) => {
      await wallet.open(userId, tx);
      kit.clock.advance(120);
      const credit = await wallet.credit({ userId, kind: 'recharge', amount: 5, key: 'top-up' }, tx);
      expect(credit.balance).toBe(5);
    });
    await expect(
      wallet.purchase({ userId, kind: 'consume', amount: 6, key: 'too-much', episodeIds: [] }),
    ).rejects.toMatchObject({
      code: Code.INSUFFICIENT_COINS,
      data: { shortfall: 1, balance: 5, cost: 6 },
    });
    expect(await kinds(userId)).toBe(1);
    expect((await kit.reconcile()).differences).toEqual([]);
  });
});

describe('purchase', () => {
  it('takes nothing for an episode unlocked already, and replays its key with the first result', async () => {
    const userId = await newUserId();
    await wallet.credit({ userId, kind: 'recharge', amount: 50, key: 'paid' });
    const seeded = await seedDrama(kit.t.app, { episodes: 3, freeEpisodes: 0, episodePrice: 10, allPrice: 25 });
    const episodeId = seeded.episodes[0]!.id;
    const input = {
      userId,
      kind: 'consume' as const,
      amount: 10,
      key: `buy:${episodeId}`,
      ref: `episode:${episodeId}`,
    };
    const first = await wallet.purchase({ ...input, episodeIds: [episodeId] });
    if (first.owned) throw new Error('the first purchase must buy');
    expect(first).toMatchObject({ balance: 40, replayed: false });
    // Owned already: the guard answers before anything is taken, whatever the key.
    expect(await wallet.purchase({ ...input, key: 'another-key', episodeIds: [episodeId] })).toEqual({ owned: true });
    // The same key for a plain debit (no episodes to guard) is a retry: the first entry again.
    const again = await wallet.purchase({ ...input, episodeIds: [] });
    expect(again).toMatchObject({ replayed: true, balance: 40, entry: { id: first.entry.id } });
    expect(
      await kit.scalar(
        sql`SELECT count(*) FROM episode_unlocks WHERE user_id = ${userId} AND episode_id = ${episodeId}`,
      ),
    ).toBe(1);
    expect(await kit.coin(userId)).toBe(40);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it('spends lots soonest expiry first, never-expiring last, across several lots in one statement', async () => {
    const userId = await newUserId();
    const at = (hours: number) => new Date(kit.clock.now().getTime() + hours * 3_600_000);
    await wallet.credit({ userId, kind: 'recharge', amount: 20, key: 'forever' });
    await wallet.credit({ userId, kind: 'giveaway', amount: 5, key: 'late', expiresAt: at(48) });
    await wallet.credit({ userId, kind: 'giveaway', amount: 4, key: 'early', expiresAt: at(24) });
    await wallet.purchase({ userId, kind: 'consume', amount: 12, key: 'spend', episodeIds: [] });
    const rows = await queryRows<{ amount: number; remaining: number }>(
      kit.t.app.database.db,
      sql`SELECT amount, remaining FROM wallet_lots WHERE user_id = ${userId} ORDER BY id`,
    );
    expect(rows.map((r) => [r.amount, r.remaining])).toEqual([
      [20, 17],
      [5, 0],
      [4, 0],
    ]);
    expect(await kit.coin(userId)).toBe(17);
  });
});
