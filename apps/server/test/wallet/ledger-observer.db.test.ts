import { Code, type WalletKind } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAfterCommit } from '../../src/db/after-commit.js';
import { createWalletServices } from '../../src/services/wallet/wallet-services.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/** WalletService's `onEntry` (ledger_entries_total): new entries only, and only once committed. */
let kit: WalletKit;

beforeAll(async () => {
  kit = await createWalletKit();
});
afterAll(async () => {
  await kit?.close();
});

/** A wallet over the app's database whose transactions run after-commit work, as the app's do. */
function observedWallet(onEntry: (kind: WalletKind) => void = () => undefined) {
  const told: WalletKind[] = [];
  const errors: unknown[] = [];
  const db = withAfterCommit(kit.t.app.database.db, (error) => errors.push(error));
  const { wallet } = createWalletServices({
    db,
    clock: kit.clock.now,
    config: kit.t.config,
    onLedgerEntry: (kind) => {
      told.push(kind);
      onEntry(kind);
    },
  });
  return { db, wallet, told, errors };
}

const newUserId = async () => (await kit.t.app.services.users.createUser({})).id;

describe('WalletService onEntry', () => {
  it('tells of each new entry of its own transactions, never of a replay or a refusal', async () => {
    const { wallet, told } = observedWallet();
    const userId = await newUserId();
    await wallet.credit({ userId, kind: 'giveaway', amount: 50, key: 'g' });
    await wallet.credit({ userId, kind: 'giveaway', amount: 50, key: 'g' });
    await wallet.purchase({ userId, kind: 'consume', amount: 20, key: 'd', episodeIds: [] });
    await expect(
      wallet.purchase({ userId, kind: 'consume', amount: 500, key: 'e', episodeIds: [] }),
    ).rejects.toMatchObject({
      code: Code.INSUFFICIENT_COINS,
    });
    await wallet.reverse({ userId, amount: 10, key: 'r' });
    expect(told).toEqual(['giveaway', 'consume', 'recharge_reversal']);
  });

  it("waits for the caller's transaction to commit, and forgets a rolled-back one", async () => {
    const { db, wallet, told } = observedWallet();
    const userId = await newUserId();
    await db.transaction(async (tx) => {
      await wallet.credit({ userId, kind: 'task_reward', amount: 5, key: 'kept' }, tx);
      expect(told).toEqual([]);
    });
    expect(told).toEqual(['task_reward']);

    await expect(
      db.transaction(async (tx) => {
        await wallet.credit({ userId, kind: 'task_reward', amount: 5, key: 'undone' }, tx);
        throw new Error('the caller fails after the credit');
      }),
    ).rejects.toThrow('the caller fails');
    expect(told).toEqual(['task_reward']);
    expect(await kit.coin(userId)).toBe(5);
  });

  it('tells of an expired lot when its expiry commits, not when a refused debit undoes it', async () => {
    const { wallet, told } = observedWallet();
    const userId = await newUserId();
    const expiresAt = new Date(kit.clock.now().getTime() + 60_000);
    await wallet.credit({ userId, kind: 'giveaway', amount: 8, key: 'lot', expiresAt });
    kit.clock.advance(120);
    // The debit expires the lot first, then finds too few coins: its transaction, expiry included, rolls back.
    await expect(
      wallet.purchase({ userId, kind: 'consume', amount: 5, key: 'late', episodeIds: [] }),
    ).rejects.toMatchObject({
      code: Code.INSUFFICIENT_COINS,
    });
    expect(told).toEqual(['giveaway']);
    await wallet.expireDueFor(userId);
    expect(told).toEqual(['giveaway', 'coin_expiry']);
  });

  it('hands an observer that throws to onError: the committed write still succeeds', async () => {
    const { wallet, errors } = observedWallet(() => {
      throw new Error('observer broke');
    });
    const userId = await newUserId();
    const result = await wallet.credit({ userId, kind: 'giveaway', amount: 3, key: 'x' });
    expect(result.balance).toBe(3);
    expect(errors).toEqual([expect.objectContaining({ message: 'observer broke' })]);
  });
});
