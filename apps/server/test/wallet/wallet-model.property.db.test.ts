import { Code } from '@cliffhanger/contract';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletLots } from '../../src/db/wallet.schema.js';
import type { WalletService } from '../../src/services/wallet/wallet.service.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/**
 * Property: for any sequence of credits (expiring or not), debits, retries, clock moves and
 * expiry runs, the wallet agrees with a simple in-memory model, and balance, lots and ledger
 * agree with each other.
 */
type Command =
  | { op: 'credit'; amount: number; validityHours: number | null }
  | { op: 'debit'; amount: number }
  | { op: 'retry'; tamper: boolean }
  | { op: 'advance'; hours: number }
  | { op: 'expire' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('credit' as const),
    amount: fc.integer({ min: 1, max: 60 }),
    validityHours: fc.option(fc.integer({ min: 1, max: 240 }), { nil: null }),
  }),
  fc.record({ op: fc.constant('debit' as const), amount: fc.integer({ min: 1, max: 90 }) }),
  fc.record({ op: fc.constant('retry' as const), tamper: fc.boolean() }),
  fc.record({ op: fc.constant('advance' as const), hours: fc.integer({ min: 0, max: 120 }) }),
  fc.record({ op: fc.constant('expire' as const) }),
);

/** The model: lots in creation order, each with what is left and when it expires. */
interface ModelLot {
  remaining: number;
  expiresAt: number | null;
}

class WalletModel {
  lots: ModelLot[] = [];

  get balance(): number {
    return this.lots.reduce((sum, lot) => sum + lot.remaining, 0);
  }

  expire(now: number): void {
    for (const lot of this.lots) if (lot.expiresAt !== null && lot.expiresAt <= now) lot.remaining = 0;
  }

  /** Soonest expiry first, never-expiring last, older first on a tie. */
  spend(amount: number): void {
    const order = this.lots
      .map((lot, index) => ({ lot, index }))
      .sort((a, b) => (a.lot.expiresAt ?? Infinity) - (b.lot.expiresAt ?? Infinity) || a.index - b.index);
    let left = amount;
    for (const { lot } of order) {
      const take = Math.min(lot.remaining, left);
      lot.remaining -= take;
      left -= take;
    }
  }
}

let kit: WalletKit;
let wallet: WalletService;

beforeAll(async () => {
  kit = await createWalletKit();
  wallet = kit.t.app.services.wallet;
});
afterAll(async () => {
  await kit?.close();
});

async function run(commands: Command[]): Promise<void> {
  const userId = (await kit.t.app.services.users.createUser({})).id;
  const model = new WalletModel();
  const now = () => kit.clock.now().getTime();
  let seq = 0;
  let last: { key: string; amount: number; expiresAt: Date | null } | undefined;

  for (const command of commands) {
    switch (command.op) {
      case 'credit': {
        seq += 1;
        const expiresAt = command.validityHours === null ? null : new Date(now() + command.validityHours * 3_600_000);
        last = { key: `p:${seq}`, amount: command.amount, expiresAt };
        await wallet.credit({ userId, kind: 'giveaway', amount: command.amount, key: last.key, expiresAt });
        model.expire(now());
        model.lots.push({ remaining: command.amount, expiresAt: expiresAt?.getTime() ?? null });
        break;
      }
      case 'retry': {
        if (!last) break;
        const input = { userId, kind: 'giveaway' as const, key: last.key, expiresAt: last.expiresAt };
        if (command.tamper) {
          await expect(wallet.credit({ ...input, amount: last.amount + 1 })).rejects.toMatchObject({
            code: Code.IDEMPOTENCY_KEY_REUSED,
          });
        } else {
          // Replayed even when the lot has expired since: nothing is credited again.
          const again = await wallet.credit({ ...input, amount: last.amount });
          expect(again.replayed).toBe(true);
        }
        break;
      }
      case 'debit': {
        seq += 1;
        model.expire(now());
        const affordable = model.balance >= command.amount;
        const attempt = wallet.purchase({
          userId,
          kind: 'consume',
          amount: command.amount,
          key: `d:${seq}`,
          episodeIds: [],
        });
        if (affordable) {
          await attempt;
          model.spend(command.amount);
        } else {
          await expect(attempt).rejects.toMatchObject({
            code: Code.INSUFFICIENT_COINS,
            data: { shortfall: command.amount - model.balance, balance: model.balance },
          });
        }
        break;
      }
      case 'advance':
        kit.clock.advance(command.hours * 3600);
        break;
      case 'expire':
        await wallet.expireDue();
        model.expire(now());
        break;
    }

    // Balance, lots and ledger agree with the model and with each other after every step.
    model.expire(now());
    expect(await wallet.balance(userId)).toBe(model.balance);
    const lots = await kit.t.app.database.db
      .select({ remaining: walletLots.remaining })
      .from(walletLots)
      .where(eq(walletLots.userId, userId))
      .orderBy(asc(walletLots.id));
    expect(lots.map((lot) => lot.remaining)).toEqual(model.lots.map((lot) => lot.remaining));
    expect(await kit.scalar(sql`SELECT COALESCE(sum(amount), 0) FROM wallet_entries WHERE user_id = ${userId}`)).toBe(
      model.balance,
    );
    expect(await kit.coin(userId)).toBe(model.balance);
  }
  expect((await kit.reconcile()).differences).toEqual([]);
}

describe('wallet against a model', () => {
  it('agrees for random credits, debits, retries, expiries and clock moves', async () => {
    await fc.assert(fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 25 }), run), {
      numRuns: 30,
    });
  }, 120_000);
});
