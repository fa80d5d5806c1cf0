import { Code, type Session } from '@cliffhanger/contract';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_TOTP_HEADER,
  type ConsoleOrderDetail,
  type ConsoleRefund,
  type RevenueReport,
} from '@cliffhanger/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createPaymentsKit, type PaymentsKit } from '../payments/payments-kit.js';

/**
 * Refunds made in Stripe's Dashboard, not from the console: Stripe's `refund.*` webhooks record
 * them against their order, so what the order page shows as left to refund is what the refund
 * service allows, and both are what Stripe has left on the charge. Fake Stripe, real signatures.
 */
let kit: PaymentsKit;
let finance: ConsoleOperator;
const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;

beforeAll(async () => {
  kit = await createPaymentsKit();
  finance = await signedInOperator(kit.t.app, kit.clock, 'finance');
});
afterAll(async () => {
  await kit?.close();
});

const get = async <T>(path: string) =>
  envelope<T>(await kit.t.app.inject({ method: 'GET', url: url(path), headers: consoleHeaders(finance) }));
const detail = async (orderId: string) => (await get<ConsoleOrderDetail>(`/orders/${orderId}`)).data;
const refundsCents = async () => (await get<RevenueReport>('/reports/revenue')).data.totals.refunds_cents;

async function consoleRefund(orderId: string, amountCents: number) {
  const res = await kit.t.app.inject({
    method: 'POST',
    url: url(`/orders/${orderId}/refunds`),
    headers: consoleHeaders(finance, { [CONSOLE_TOTP_HEADER]: finance.freshCode() }),
    payload: { amount_cents: amountCents, reason: 'customer asked' },
  });
  await kit.stripe.idle();
  return envelope<ConsoleRefund>(res);
}

async function paidPack(product = 'coins_500', user?: Session) {
  const buyer = user ?? (await kit.user());
  const { orderId, sessionId } = await kit.buy(buyer, product);
  const result = await kit.stripe.completeCheckout(sessionId);
  return { user: buyer, orderId, paymentIntentId: result.paymentIntent!.id };
}

const written = async () => ({
  refunds: await kit.scalar(sql`SELECT count(*) FROM order_refunds`),
  audit: await kit.scalar(sql`SELECT count(*) FROM operator_audit_log WHERE action = 'order.refund'`),
  stripeCalls: kit.stripe.requests.filter((r) => r.path === '/v1/refunds').length,
});

const rowsOf = (providerRefundId: string) =>
  kit.scalar(sql`SELECT count(*) FROM order_refunds WHERE provider_refund_id = ${providerRefundId}`);

describe("a refund made in Stripe's Dashboard", () => {
  it('is counted in what is left: the page shows it, the service allows exactly the rest, the revenue counts it', async () => {
    const { user, orderId, paymentIntentId } = await paidPack('coins_500');
    const refundsBefore = await refundsCents();

    const { refund: made } = await kit.stripe.refund(paymentIntentId, 400);
    const after = await detail(orderId);
    expect(after.order).toMatchObject({ status: 'fulfilled', refunds_held_cents: 400, refundable_cents: 99 });
    expect(after.refunds).toEqual([
      expect.objectContaining({
        amount_cents: 400,
        currency: 'USD',
        status: 'succeeded',
        provider_refund_id: made.id,
        operator: null,
        reason: '',
      }),
    ]);
    const recorded = after.refunds[0]!.id;
    expect(after.timeline.filter((step) => step.kind === 'refund')).toEqual([
      expect.objectContaining({ refund_id: recorded, amount_cents: 400, status: 'succeeded', operator_email: null }),
    ]);
    expect(after.timeline.filter((step) => step.kind === 'provider_event').at(-1)).toMatchObject({
      type: 'refund.created',
      outcome: `refund ${recorded} made in the Dashboard recorded: succeeded`,
    });
    // What it takes back is charge.refunded's, as before: 400/499 of the 550 coins, rounded down.
    expect(await kit.coin(user.user.uid)).toBe(550 - 440);
    expect(await refundsCents()).toBe(refundsBefore + 400);

    // One cent more than is left is refused before Stripe is asked, and writes nothing.
    const baseline = await written();
    const over = await consoleRefund(orderId, 100);
    expect(over.code).toBe(Code.REFUND_EXCEEDS_REMAINING);
    expect(over.data).toEqual({ remaining_cents: 99 });
    expect(await written()).toEqual(baseline);

    // Exactly what is left goes through, and nothing is left after it.
    const rest = await consoleRefund(orderId, 99);
    expect(rest.code).toBe(200);
    expect((await detail(orderId)).order).toMatchObject({
      status: 'refunded',
      refunds_held_cents: 499,
      refundable_cents: 0,
    });
    expect(await kit.coin(user.user.uid)).toBe(0);
    expect(await refundsCents()).toBe(refundsBefore + 499);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it('is one row whatever the order and number of its events; its failure frees the amount again', async () => {
    const { orderId, paymentIntentId } = await paidPack('coins_500');
    const { refund: made } = await kit.stripe.refund(paymentIntentId, 300);
    const [row] = (await detail(orderId)).refunds;

    // Stripe may send the same refund again, updated, and out of order: still one row.
    const updated = await kit.stripe.deliver(kit.stripe.buildEvent('refund.updated', made));
    expect(updated.status).toBe(200);
    const pendingLate = await kit.stripe.deliver(
      kit.stripe.buildEvent('refund.created', { ...made, status: 'pending' } as typeof made),
    );
    expect(pendingLate.status).toBe(200);
    expect(await rowsOf(made.id)).toBe(1);
    expect((await detail(orderId)).order).toMatchObject({ refunds_held_cents: 300, refundable_cents: 199 });
    expect(
      (await detail(orderId)).timeline
        .filter((step) => step.kind === 'provider_event')
        .slice(-2)
        .map((step) => step.kind === 'provider_event' && step.outcome),
    ).toEqual([`refund ${row!.id} succeeded`, `ignored: refund ${row!.id} already succeeded`]);

    // The bank returned it: refund.failed frees its amount.
    await kit.stripe.failRefund(made.id);
    const back = await detail(orderId);
    expect(back.refunds[0]).toMatchObject({
      id: row!.id,
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(back.order).toMatchObject({ refunds_held_cents: 0, refundable_cents: 499 });
  });

  it("of a plan's first payment is recorded against the order; of a renewal is not what the console refunds", async () => {
    const user = await kit.user();
    const { orderId, sessionId } = await kit.buy(user, 'vip_month');
    const paid = await kit.stripe.completeCheckout(sessionId);
    const subscriptionId = (await detail(orderId)).order.stripe_subscription_id!;
    const renewal = await kit.stripe.renew(subscriptionId);

    const { deliveries } = await kit.stripe.refund(renewal.paymentIntent.id);
    const outcomes = deliveries.map(
      (delivery) => (JSON.parse(delivery.body) as { data: { outcome: string } }).data.outcome,
    );
    expect(outcomes).toContain("ignored: refund of no order's first payment");
    expect((await detail(orderId)).order).toMatchObject({ refunds_held_cents: 0, refundable_cents: 1499 });

    const first = await kit.stripe.refund(paid.paymentIntent!.id, 500);
    expect(first.refund.amount).toBe(500);
    const after = await detail(orderId);
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount_cents: 500, operator: null, status: 'succeeded' }),
    ]);
    expect(after.order).toMatchObject({ status: 'refunded', refunds_held_cents: 500, refundable_cents: 0 });
  });
});
