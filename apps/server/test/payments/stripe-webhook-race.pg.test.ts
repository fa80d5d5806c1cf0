import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsKit, WEBHOOK_SECRET, type PaymentsKit } from './payments-kit.js';

/**
 * Webhook races on real PostgreSQL (PGlite runs one statement at a time and would prove
 * nothing): Stripe retries and sometimes sends one event twice at once, and several events
 * about one order can arrive together.
 */
const PARALLEL = 5;

describe('Stripe webhook races on PostgreSQL', () => {
  let kit: PaymentsKit;

  beforeAll(async () => {
    kit = await createPaymentsKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  /** Posts events at the same moment, each signed with the real scheme; answers the HTTP statuses. */
  async function deliverAtOnce(events: Stripe.Event[]): Promise<number[]> {
    const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const bodies = events.map((event) => JSON.stringify(event));
    const responses = await Promise.all(
      bodies.map((body) =>
        fetch(kit.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
          body,
        }),
      ),
    );
    return responses.map((res) => res.status);
  }

  /** A paid pack whose completion event has not reached the app yet. */
  async function paidPackSilently(product = 'coins_500') {
    const user = await kit.user();
    const { orderId, sessionId } = await kit.buy(user, product);
    kit.stripe.setWebhookUrl(undefined);
    const result = await kit.stripe.completeCheckout(sessionId);
    kit.stripe.setWebhookUrl(kit.webhookUrl);
    const completed = kit.stripe.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    return { user, orderId, sessionId, completed, paymentIntentId: result.paymentIntent!.id };
  }

  const recharges = (uid: number) =>
    kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${uid} AND kind = 'recharge'`);

  it(`the same event delivered ${PARALLEL} times at once credits once`, async () => {
    const { user, completed } = await paidPackSilently();
    const statuses = await deliverAtOnce(Array<Stripe.Event>(PARALLEL).fill(completed));
    expect(statuses).toEqual(Array(PARALLEL).fill(200));
    expect(await kit.coin(user.user.uid)).toBe(550);
    expect(await recharges(user.user.uid)).toBe(1);
    expect(await kit.scalar(sql`SELECT count(*) FROM payment_events WHERE event_id = ${completed.id}`)).toBe(1);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it('different events about one order, at once, credit once', async () => {
    const { user, sessionId, completed } = await paidPackSilently();
    const session = kit.stripe.sessions.get(sessionId)!;
    const others = Array.from({ length: PARALLEL }, () =>
      kit.stripe.buildEvent('checkout.session.async_payment_succeeded', session),
    );
    const statuses = await deliverAtOnce([completed, ...others]);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await kit.coin(user.user.uid)).toBe(550);
    expect(await recharges(user.user.uid)).toBe(1);
  });

  it('one paid invoice delivered at once extends VIP once', async () => {
    const user = await kit.user();
    const { sessionId } = await kit.buy(user, 'vip_month');
    kit.stripe.setWebhookUrl(undefined);
    await kit.stripe.completeCheckout(sessionId);
    kit.stripe.setWebhookUrl(kit.webhookUrl);
    const invoicePaid = kit.stripe.events.filter((e) => e.type === 'invoice.paid').at(-1)!;
    expect(await deliverAtOnce(Array<Stripe.Event>(PARALLEL).fill(invoicePaid))).toEqual(Array(PARALLEL).fill(200));
    expect(await kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${user.user.uid}`)).toBe(1);
  });

  it('a refund and a dispute of one payment at once take the coins back once', async () => {
    const { user, completed, paymentIntentId } = await paidPackSilently('coins_1000');
    await deliverAtOnce([completed]);
    expect(await kit.coin(user.user.uid)).toBe(1150);
    kit.stripe.setWebhookUrl(undefined);
    await kit.stripe.refund(paymentIntentId);
    await kit.stripe.dispute(paymentIntentId);
    kit.stripe.setWebhookUrl(kit.webhookUrl);
    const reversals = kit.stripe.events
      .filter((e) => e.type === 'charge.refunded' || e.type === 'charge.dispute.created')
      .slice(-2);
    expect(await deliverAtOnce([...reversals, ...reversals])).toEqual([200, 200, 200, 200]);
    expect(await kit.coin(user.user.uid)).toBe(0);
    expect(
      await kit.scalar(
        sql`SELECT -sum(amount) FROM wallet_entries WHERE user_id = ${user.user.uid} AND kind = 'recharge_reversal'`,
      ),
    ).toBe(1150);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it('positive control: fulfilment without the order lock and the per-order key credits more than once', async () => {
    const { user, orderId } = await paidPackSilently();
    const db = kit.t.app.database.db;
    let read = 0;
    let release: () => void = () => undefined;
    const allRead = new Promise<void>((resolve) => (release = resolve));
    // The naive handler: check "not credited yet", then credit under a key of its own delivery.
    const naive = (attempt: number) =>
      db.transaction(async (tx) => {
        const credited = await kit.scalar(sql`SELECT coins_credited FROM orders WHERE public_id = ${orderId}`);
        read += 1;
        if (read === PARALLEL) release();
        await allRead;
        if (credited > 0) return;
        await kit.t.app.services.wallet.credit(
          { userId: user.user.uid, kind: 'recharge', amount: 550, key: `naive:${orderId}:${attempt}`, expiresAt: null },
          tx,
        );
        await tx.execute(sql`UPDATE orders SET coins_credited = 550 WHERE public_id = ${orderId}`);
      });
    await Promise.all(Array.from({ length: PARALLEL }, (_, attempt) => naive(attempt)));
    expect(await recharges(user.user.uid)).toBeGreaterThan(1);
  });
});
