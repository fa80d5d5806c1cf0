import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgCodeOf } from '../../src/lib/pg-errors.js';
import type { WalletService } from '../../src/services/wallet/wallet.service.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/** The wallet service's own rules: amounts, kinds, idempotency keys, append-only, reconcile. */
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

describe('WalletService amounts and kinds', () => {
  it.each([[0], [-5], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [1e12]])(
    'refuses amount %s for credits and debits with 10001',
    async (amount) => {
      const userId = await newUserId();
      await expect(wallet.credit({ userId, kind: 'giveaway', amount, key: 'k' })).rejects.toMatchObject({
        code: Code.INVALID_INPUT,
      });
      await expect(
        wallet.purchase({ userId, kind: 'consume', amount, key: 'k', episodeIds: [] }),
      ).rejects.toMatchObject({
        code: Code.INVALID_INPUT,
      });
      expect(await kit.coin(userId)).toBe(0);
    },
  );

  it('refuses a credit of an expense kind, a debit of an income kind, and a lot already expired', async () => {
    const userId = await newUserId();
    // Casts: the types already forbid these; the runtime check guards the CLI and future callers.
    await expect(
      wallet.credit({ userId, kind: 'coin_expiry' as 'giveaway', amount: 5, key: 'a' }),
    ).rejects.toMatchObject({ code: Code.INVALID_INPUT });
    await expect(
      wallet.purchase({ userId, kind: 'recharge' as 'consume', amount: 5, key: 'b', episodeIds: [] }),
    ).rejects.toMatchObject({ code: Code.INVALID_INPUT });
    await expect(
      wallet.credit({ userId, kind: 'giveaway', amount: 5, key: 'c', expiresAt: kit.clock.now() }),
    ).rejects.toMatchObject({ code: Code.INVALID_INPUT });
  });

  it('refuses an unknown user with 10002', async () => {
    await expect(wallet.credit({ userId: 987_654_321, kind: 'giveaway', amount: 5, key: 'x' })).rejects.toMatchObject({
      code: Code.NOT_FOUND,
    });
  });
});

describe('WalletService idempotency keys', () => {
  it('replays a repeat with the same key and target, and refuses the key for another target', async () => {
    const userId = await newUserId();
    const first = await wallet.credit({ userId, kind: 'recharge', amount: 50, key: 'stripe:evt_1', ref: 'order:1' });
    const again = await wallet.credit({ userId, kind: 'recharge', amount: 50, key: 'stripe:evt_1', ref: 'order:1' });
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ replayed: true, balance: 50 });
    expect(again.entry.id).toBe(first.entry.id);

    for (const tampered of [
      { kind: 'recharge' as const, amount: 500, ref: 'order:1' },
      { kind: 'recharge' as const, amount: 50, ref: 'order:2' },
      { kind: 'giveaway' as const, amount: 50, ref: 'order:1' },
    ]) {
      await expect(wallet.credit({ userId, key: 'stripe:evt_1', ...tampered })).rejects.toMatchObject({
        code: Code.IDEMPOTENCY_KEY_REUSED,
      });
    }
    const spend = { userId, kind: 'consume' as const, key: 'unlock:episode:9', ref: 'episode:9', episodeIds: [] };
    await wallet.purchase({ ...spend, amount: 20 });
    const debitAgain = await wallet.purchase({ ...spend, amount: 20 });
    expect(debitAgain).toMatchObject({ replayed: true, balance: 30 });
    await expect(wallet.purchase({ ...spend, amount: 21 })).rejects.toMatchObject({
      code: Code.IDEMPOTENCY_KEY_REUSED,
    });
    expect(await kit.coin(userId)).toBe(30);
    expect(await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${userId}`)).toBe(2);
  });

  it('is enforced by the database too: a second entry with the same user and key fails', async () => {
    const userId = await newUserId();
    await wallet.credit({ userId, kind: 'giveaway', amount: 5, key: 'dup' });
    await expect(
      kit.t.app.database.db.execute(
        sql`INSERT INTO wallet_entries (user_id, kind, amount, balance_after, idempotency_key) VALUES (${userId}, 'giveaway', 5, 10, 'dup')`,
      ),
    ).rejects.toSatisfy((error) => pgCodeOf(error) === '23505');
  });
});

describe('the ledger is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of wallet_entries', async () => {
    const userId = await newUserId();
    await wallet.credit({ userId, kind: 'giveaway', amount: 5, key: 'append-only' });
    const db = kit.t.app.database.db;
    // 55000: raised by the trigger of migration 0003, not some other failure.
    const sqlstate = (statement: Promise<unknown>) => statement.then(() => 'succeeded', pgCodeOf);
    expect(await sqlstate(db.execute(sql`UPDATE wallet_entries SET amount = 500 WHERE user_id = ${userId}`))).toBe(
      '55000',
    );
    expect(await sqlstate(db.execute(sql`DELETE FROM wallet_entries WHERE user_id = ${userId}`))).toBe('55000');
    expect(await sqlstate(db.execute(sql`TRUNCATE wallet_entries CASCADE`))).toBe('55000');
    expect(await kit.scalar(sql`SELECT sum(amount) FROM wallet_entries WHERE user_id = ${userId}`)).toBe(5);
  });

  it('refuses an entry whose sign contradicts its kind', async () => {
    const userId = await newUserId();
    await expect(
      kit.t.app.database.db.execute(
        sql`INSERT INTO wallet_entries (user_id, kind, amount, balance_after, idempotency_key) VALUES (${userId}, 'consume', 5, 5, 'sign')`,
      ),
    ).rejects.toSatisfy((error) => pgCodeOf(error) === '23514');
  });
});

describe('reconcile', () => {
  it('reports a balance that no longer matches its ledger, and nothing once it matches again', async () => {
    const userId = await newUserId();
    await wallet.credit({ userId, kind: 'giveaway', amount: 5, key: 'r' });
    expect((await kit.reconcile()).differences).toEqual([]);
    await kit.t.app.database.db.execute(sql`UPDATE users SET coin = coin + 1 WHERE id = ${userId}`);
    expect((await kit.reconcile()).differences).toEqual([{ userId, coin: 6, ledger: 5, lots: 5, lastBalance: 5 }]);
    await kit.t.app.database.db.execute(sql`UPDATE users SET coin = coin - 1 WHERE id = ${userId}`);
    const report = await kit.reconcile();
    expect(report.differences).toEqual([]);
    expect(report.checked).toBeGreaterThan(0);
  });
});

describe('VIP grant', () => {
  it('extends from now, then from the current end; refuses bad days and unknown users', async () => {
    const userId = await newUserId();
    const vip = kit.t.app.services.vip;
    const now = kit.clock.now().getTime();
    expect((await vip.grant(userId, 7)).getTime()).toBe(now + 7 * 86_400_000);
    expect((await vip.grant(userId, 30)).getTime()).toBe(now + 37 * 86_400_000);
    for (const days of [0, -1, 1.5, 10_000]) {
      await expect(vip.grant(userId, days)).rejects.toMatchObject({ code: Code.INVALID_INPUT });
    }
    await expect(vip.grant(987_654_321, 1)).rejects.toMatchObject({ code: Code.NOT_FOUND });
  });
});
