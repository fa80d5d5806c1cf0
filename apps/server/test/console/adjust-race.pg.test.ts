import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { AppError } from '../../src/http/envelope.js';
import { signedInOperator } from '../helpers/console-operator.js';
import { createWalletKit, type WalletKit } from '../wallet/wallet-kit.js';

/**
 * Support's coin debits racing on real PostgreSQL (PGlite runs one statement at a time and would
 * prove nothing): the debit is conditional under the user's row lock, so concurrent debits never
 * take more than the balance.
 */
const BALANCE = 100;
const DEBIT = 40;
const PARALLEL = 5;

describe('support debits racing on PostgreSQL', () => {
  let kit: WalletKit;
  let operatorId: number;

  beforeAll(async () => {
    kit = await createWalletKit();
    operatorId = (await signedInOperator(kit.t.app, kit.clock, 'support')).id;
  });
  afterAll(async () => {
    await kit?.close();
  });

  async function viewerWith(coins: number): Promise<number> {
    const uid = (await kit.user()).user.uid;
    await kit.credit(uid, coins);
    return uid;
  }

  const ledgerSum = (uid: number) => kit.scalar(sql`SELECT sum(amount) FROM wallet_entries WHERE user_id = ${uid}`);

  it(`${PARALLEL} debits of ${DEBIT} against ${BALANCE}: two succeed, the rest are refused, never below zero`, async () => {
    const uid = await viewerWith(BALANCE);
    const { viewerActions } = kit.t.app.services.console;
    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        viewerActions
          .adjustCoins(
            uid,
            { direction: 'debit', amount: DEBIT, key: `race-${process.pid}-${i}` },
            { operatorId, role: 'support', reason: 'race' },
          )
          .then(
            () => 200,
            (error: unknown) => (error instanceof AppError ? error.code : -1),
          ),
      ),
    );
    expect(outcomes.filter((c) => c === 200)).toHaveLength(2);
    expect(outcomes.filter((c) => c === Code.VIEWER_BALANCE_TOO_LOW)).toHaveLength(PARALLEL - 2);
    expect(await kit.coin(uid)).toBe(BALANCE - 2 * DEBIT);
    expect(await ledgerSum(uid)).toBe(BALANCE - 2 * DEBIT);
    expect(await kit.scalar(sql`SELECT min(balance_after) FROM wallet_entries WHERE user_id = ${uid}`)).toBe(20);
    expect(await kit.scalar(sql`SELECT count(*) FROM operator_audit_log WHERE target = ${`viewer:${uid}`}`)).toBe(2);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  /**
   * Positive control: the same race against a deliberately unguarded debit (read the balance,
   * then write the difference, no lock, no condition) must go wrong, or the test above could pass
   * without the guard doing anything.
   */
  it('POSITIVE CONTROL: an unguarded read-then-write debit overspends in the same race', async () => {
    const uid = await viewerWith(BALANCE);
    const db = kit.t.app.database.db;
    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        unguardedDebit(db, uid, DEBIT, `unguarded-${i}`).then(
          () => 'ok',
          () => 'refused',
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok').length).toBeGreaterThan(2);
    const sum = await ledgerSum(uid);
    expect(sum).toBeLessThan(BALANCE - 2 * DEBIT);
    expect(await kit.coin(uid)).not.toBe(sum);
    expect((await kit.reconcile()).differences.map((d) => d.userId)).toContain(uid);
  });
});

/** TEST ONLY, deliberately wrong: a support debit without the row lock and the condition. */
async function unguardedDebit(db: Db, userId: number, amount: number, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ coin: number }>(tx, sql`SELECT coin FROM users WHERE id = ${userId}`);
    const coin = row?.coin ?? 0;
    if (coin < amount) throw new Error('insufficient');
    // Widen the window between read and write, as a slow request would.
    await tx.execute(sql`SELECT pg_sleep(0.05)`);
    await tx.execute(sql`UPDATE users SET coin = ${coin - amount} WHERE id = ${userId}`);
    await tx.execute(
      sql`INSERT INTO wallet_entries (user_id, kind, amount, balance_after, idempotency_key, ref)
          VALUES (${userId}, 'support_debit', ${-amount}, ${coin - amount}, ${key}, 'operator:race')`,
    );
  });
}
