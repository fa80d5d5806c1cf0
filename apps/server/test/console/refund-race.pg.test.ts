import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/http/envelope.js';
import { OrderRefundsRepository } from '../../src/repositories/order-refunds.repository.js';
import { signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createPaymentsKit, type PaymentsKit } from '../payments/payments-kit.js';

/**
 * Console refunds racing on real PostgreSQL (PGlite runs one statement at a time and would prove
 * nothing): two operators, or one pressing twice, refunding the same order at once.
 */
const PARALLEL = 5;

describe('console refunds racing on PostgreSQL', () => {
  let kit: PaymentsKit;
  let finance: ConsoleOperator;

  beforeAll(async () => {
    kit = await createPaymentsKit();
    finance = await signedInOperator(kit.t.app, kit.clock, 'finance');
  });
  afterAll(async () => {
    await kit?.close();
  });

  async function paidPack() {
    const user = await kit.user();
    const { orderId, sessionId } = await kit.buy(user, 'coins_500');
    const result = await kit.stripe.completeCheckout(sessionId);
    const id = await kit.scalar(sql`SELECT id FROM orders WHERE public_id = ${orderId}`);
    return { user, orderId, id, paymentIntentId: result.paymentIntent!.id };
  }

  const held = (orderId: number) =>
    kit.scalar(
      sql`SELECT coalesce(sum(amount_cents), 0) FROM order_refunds WHERE order_id = ${orderId} AND status IN ('pending', 'succeeded')`,
    );

  it(`${PARALLEL} refunds of the whole price at once: exactly one is made, the others are refused`, async () => {
    const { user, orderId, id, paymentIntentId } = await paidPack();
    const { orderRefunds } = kit.t.app.services.console;
    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        orderRefunds.refund(orderId, 499, { operatorId: finance.id, reason: `press ${n}` }).then(
          (refund) => refund.status,
          (error: unknown) => (isAppError(error) ? error.code : String(error)),
        ),
      ),
    );
    await kit.stripe.idle();
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(1);
    // A loser that takes the lock before the winner's refund comes back through charge.refunded
    // finds nothing left (80101); one that takes it after finds the order refunded (80100). Which
    // depends on the machine's timing; both are refusals that wrote nothing.
    const refusals: unknown[] = [Code.REFUND_EXCEEDS_REMAINING, Code.ORDER_NOT_REFUNDABLE];
    expect(outcomes.filter((o) => refusals.includes(o))).toHaveLength(PARALLEL - 1);
    expect(await held(id)).toBe(499);
    expect(await kit.scalar(sql`SELECT count(*) FROM order_refunds WHERE order_id = ${id}`)).toBe(1);
    expect([...kit.stripe.refunds.values()].filter((r) => r.payment_intent === paymentIntentId)).toHaveLength(1);
    expect(await kit.scalar(sql`SELECT count(*) FROM operator_audit_log WHERE target = ${`order:${orderId}`}`)).toBe(1);
    expect(await kit.coin(user.user.uid)).toBe(0);
  });

  it('positive control: the same check and insert without the order lock refund more than was paid', async () => {
    const { id } = await paidPack();
    const db = kit.t.app.database.db;
    const refunds = new OrderRefundsRepository(db);
    let read = 0;
    let release: () => void = () => undefined;
    const allRead = new Promise<void>((resolve) => (release = resolve));
    // The naive reservation: sum what is held, then insert if the amount fits, with no row lock.
    const naive = () =>
      db.transaction(async (tx) => {
        const already = await refunds.heldCents(id, tx);
        read += 1;
        if (read === PARALLEL) release();
        await allRead;
        if (499 > 499 - already) return;
        await refunds.insert(
          { orderId: id, amountCents: 499, currency: 'USD', operatorId: finance.id, reason: 'naive' },
          tx,
        );
      });
    await Promise.all(Array.from({ length: PARALLEL }, naive));
    expect(await held(id)).toBeGreaterThan(499);
  });
});
