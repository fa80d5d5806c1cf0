import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsKit, WEBHOOK_SECRET, type PaymentsKit } from '../payments/payments-kit.js';

/**
 * One Dashboard refund whose events Stripe sends together, on real PostgreSQL (PGlite runs one
 * statement at a time and would prove nothing): each event is handled under the order's lock, so
 * the first writes the refund's row and the others find it.
 */
const PARALLEL = 6;

describe("a Dashboard refund's events at once", () => {
  let kit: PaymentsKit;

  beforeAll(async () => {
    kit = await createPaymentsKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  async function deliverAtOnce(events: Stripe.Event[]): Promise<number[]> {
    const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const responses = await Promise.all(
      events.map((event) => {
        const body = JSON.stringify(event);
        return fetch(kit.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
          body,
        });
      }),
    );
    return responses.map((res) => res.status);
  }

  it('write one order_refunds row, counted once in what is left', async () => {
    const user = await kit.user();
    const { orderId, sessionId } = await kit.buy(user, 'coins_500');
    const paid = await kit.stripe.completeCheckout(sessionId);
    kit.stripe.setWebhookUrl(undefined);
    const { refund } = await kit.stripe.refund(paid.paymentIntent!.id, 200);
    kit.stripe.setWebhookUrl(kit.webhookUrl);
    const created = kit.stripe.events.filter((e) => e.type === 'refund.created').at(-1)!;
    const updates = Array.from({ length: PARALLEL - 1 }, () => kit.stripe.buildEvent('refund.updated', refund));

    expect(await deliverAtOnce([created, ...updates])).toEqual(Array(PARALLEL).fill(200));
    expect(await kit.scalar(sql`SELECT count(*) FROM order_refunds WHERE provider_refund_id = ${refund.id}`)).toBe(1);
    expect(
      await kit.scalar(
        sql`SELECT coalesce(sum(r.amount_cents), 0) FROM order_refunds r JOIN orders o ON o.id = r.order_id
            WHERE o.public_id = ${orderId} AND r.status IN ('pending', 'succeeded') AND r.operator_id IS NULL`,
      ),
    ).toBe(200);
  });
});
