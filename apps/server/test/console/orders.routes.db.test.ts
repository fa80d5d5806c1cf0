import { Code, type Session } from '@cliffhanger/contract';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_TOTP_HEADER,
  type ConsoleOrderDetail,
  type ConsoleOrderRow,
  type ConsoleRefund,
} from '@cliffhanger/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { envelope } from '../helpers/accounts.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createPaymentsKit, type PaymentsKit } from '../payments/payments-kit.js';

/**
 * Orders and refunds from the console over HTTP, against the fake Stripe: refunds go through the
 * real SDK, and what they take back arrives as Stripe's signed webhooks, as for a Dashboard refund.
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

const search = (query: string) => get<{ list: ConsoleOrderRow[]; next_cursor: string | null }>(`/orders?${query}`);
const detail = async (orderId: string) => (await get<ConsoleOrderDetail>(`/orders/${orderId}`)).data;

/** A refund asked with a code fresh from the authenticator; resolves once Stripe's webhooks were answered. */
async function refund(orderId: string, amountCents: unknown, reason = 'customer asked') {
  const res = await kit.t.app.inject({
    method: 'POST',
    url: url(`/orders/${orderId}/refunds`),
    headers: consoleHeaders(finance, { [CONSOLE_TOTP_HEADER]: finance.freshCode() }),
    payload: { amount_cents: amountCents, reason },
  });
  await kit.stripe.idle();
  return envelope<ConsoleRefund>(res);
}

/** A coin pack bought and paid through Checkout (credited by the webhook). */
async function paidPack(product = 'coins_500', user?: Session) {
  const buyer = user ?? (await kit.user());
  const { orderId, sessionId } = await kit.buy(buyer, product);
  const result = await kit.stripe.completeCheckout(sessionId);
  return { user: buyer, orderId, paymentIntentId: result.paymentIntent!.id };
}

/** Everything a refusal must leave as it was. */
const written = async () => ({
  refunds: await kit.scalar(sql`SELECT count(*) FROM order_refunds`),
  audit: await kit.scalar(sql`SELECT count(*) FROM operator_audit_log WHERE action = 'order.refund'`),
  stripeCalls: kit.stripe.requests.filter((r) => r.path === '/v1/refunds').length,
});

let appleSeq = 0;
/** An App Store order as confirming a transaction leaves it (its refunds come from Apple). */
async function appleOrder(uid: number): Promise<string> {
  const publicId = `ord_apple${String((appleSeq += 1)).padStart(16, '0')}`;
  await kit.t.app.database.db.execute(
    sql`INSERT INTO orders (public_id, user_id, product_id, kind, channel, status, price_cents, currency, coins, bonus_coins, app_account_token, fulfilled_at)
        VALUES (${publicId}, ${uid}, 'coins_100', 'coins', 'apple', 'fulfilled', 99, 'USD', 100, 0, gen_random_uuid()::text, now())`,
  );
  return publicId;
}

describe('order search', () => {
  it('finds orders by id, uid, channel, product, status and time, newest first, in keyset pages, with no phone', async () => {
    const { user, orderId: paid } = await paidPack('coins_100');
    const { orderId: open } = await kit.buy(user, 'coins_500');
    const apple = await appleOrder(user.user.uid);
    const uid = user.user.uid;

    const all = await search(`uid=${uid}`);
    expect(all.code).toBe(200);
    expect(all.data.list.map((o) => o.id)).toEqual([apple, open, paid]);
    expect(all.data.list[2]).toMatchObject({
      uid,
      product_id: 'coins_100',
      kind: 'coins',
      channel: 'stripe',
      status: 'fulfilled',
      price_cents: 99,
      currency: 'USD',
      flagged: false,
    });
    const [{ phone } = { phone: '' }] = await queryRows<{ phone: string }>(
      kit.t.app.database.db,
      sql`SELECT phone FROM users WHERE id = ${uid}`,
    );
    expect(phone).not.toBe('');
    expect(JSON.stringify(all.data)).not.toContain(phone.slice(-6));

    const ids = async (query: string) => (await search(`uid=${uid}&${query}`)).data.list.map((o) => o.id);
    expect(await ids(`order_id=${paid}`)).toEqual([paid]);
    expect(await ids('channel=apple')).toEqual([apple]);
    expect(await ids('product_id=coins_500')).toEqual([open]);
    expect(await ids('status=pending')).toEqual([open]);
    const createdOpen = all.data.list[1]!.created_at;
    expect(await ids(`to=${encodeURIComponent(createdOpen)}`)).toEqual([paid]);
    expect(await ids(`from=${encodeURIComponent(createdOpen)}`)).toEqual([apple, open]);
    expect((await search(`order_id=${paid}&uid=${uid + 1}`)).data.list).toEqual([]);

    // One at a time by cursor: every order once, in the same order.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(`uid=${uid}&size=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.data.list.map((o) => o.id));
      cursor = page.data.next_cursor;
    } while (cursor);
    expect(paged).toEqual([apple, open, paid]);
  });

  it('refuses a bad query with 10001 naming the field', async () => {
    for (const [query, field] of [
      ['size=0', 'size'],
      ['cursor=42', 'cursor'],
      ['channel=paypal', 'channel'],
      ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
      ['phone=123', 'phone'],
    ] as const) {
      const res = await search(query);
      expect(res.code, query).toBe(Code.INVALID_INPUT);
      expect(JSON.stringify(res.data), query).toContain(field);
    }
  });
});

describe('an order and its refunds', () => {
  it('refunds a pack in part then in full: the webhook takes back a share of the coins each time, audited', async () => {
    const { user, orderId, paymentIntentId } = await paidPack('coins_500');
    const uid = user.user.uid;
    expect(await kit.coin(uid)).toBe(550);
    const before = await detail(orderId);
    expect(before.order).toMatchObject({
      status: 'fulfilled',
      coins_credited: 550,
      stripe_payment_intent_id: paymentIntentId,
      refunds_held_cents: 0,
      refundable_cents: 499,
    });

    const part = await refund(orderId, 200, 'customer asked: half of it');
    expect(part.code).toBe(200);
    expect(part.data).toMatchObject({
      amount_cents: 200,
      currency: 'USD',
      status: 'succeeded',
      operator: { id: finance.id, email: finance.email },
      reason: 'customer asked: half of it',
      failure_reason: null,
    });
    expect(part.data.provider_refund_id).toMatch(/^re_/);
    const stripeRefund = kit.stripe.refunds.get(part.data.provider_refund_id!)!;
    expect(stripeRefund).toMatchObject({
      amount: 200,
      payment_intent: paymentIntentId,
      metadata: { order_id: orderId, order_refund_id: String(part.data.id) },
    });
    // 200 of 499 cents: that share of 550 coins, rounded down.
    expect(await kit.coin(uid)).toBe(550 - 220);

    const middle = await detail(orderId);
    expect(middle.order).toMatchObject({ status: 'fulfilled', coins_reversed: 220, refundable_cents: 299 });
    expect(middle.refunds.map((r) => r.id)).toEqual([part.data.id]);

    const over = await written();
    const tooMuch = await refund(orderId, 300);
    expect(tooMuch.code).toBe(Code.REFUND_EXCEEDS_REMAINING);
    expect(tooMuch.data).toEqual({ remaining_cents: 299 });
    expect(await written()).toEqual(over);

    const rest = await refund(orderId, 299, 'customer asked: the rest');
    expect(rest.code).toBe(200);
    expect(await kit.coin(uid)).toBe(0);
    const after = await detail(orderId);
    expect(after.order).toMatchObject({ status: 'refunded', coins_reversed: 550, refundable_cents: 0 });
    expect(after.refunds.map((r) => [r.amount_cents, r.status])).toEqual([
      [299, 'succeeded'],
      [200, 'succeeded'],
    ]);
    expect((await refund(orderId, 1)).code).toBe(Code.ORDER_NOT_REFUNDABLE);

    // The timeline: the checkout, each event Stripe sent, the ledger entries they wrote, the refunds asked.
    const timeline = after.timeline;
    expect(timeline[0]).toEqual({ kind: 'created', at: expect.any(String) });
    expect(timeline.filter((s) => s.kind === 'provider_event').map((s) => s.type)).toEqual([
      'checkout.session.completed',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
      'refund.created',
    ]);
    expect(timeline.find((s) => s.kind === 'provider_event')).toMatchObject({
      provider: 'stripe',
      event_id: expect.stringMatching(/^evt_/),
      outcome: 'credited 550 coins',
    });
    expect(timeline.filter((s) => s.kind === 'coins')).toEqual([
      expect.objectContaining({ wallet_kind: 'recharge', amount: 550, key: `order:${orderId}` }),
      expect.objectContaining({ wallet_kind: 'recharge_reversal', amount: -220 }),
      expect.objectContaining({ wallet_kind: 'recharge_reversal', amount: -330, balance_after: 0 }),
    ]);
    expect(timeline.filter((s) => s.kind === 'refund').map((s) => s.kind === 'refund' && s.amount_cents)).toEqual([
      200, 299,
    ]);

    const audit = await queryRows<{ operator_id: number; before: unknown; after: unknown; reason: string }>(
      kit.t.app.database.db,
      sql`SELECT operator_id::int AS operator_id, before, after, reason FROM operator_audit_log WHERE target = ${`order:${orderId}`} ORDER BY id`,
    );
    expect(audit).toEqual([
      {
        operator_id: finance.id,
        before: { refunds_held_cents: 0, refundable_cents: 499 },
        after: { refund_id: part.data.id, amount_cents: 200, refunds_held_cents: 200, refundable_cents: 299 },
        reason: 'customer asked: half of it',
      },
      {
        operator_id: finance.id,
        before: { refunds_held_cents: 200, refundable_cents: 299 },
        after: { refund_id: rest.data.id, amount_cents: 299, refunds_held_cents: 499, refundable_cents: 0 },
        reason: 'customer asked: the rest',
      },
    ]);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it("refunds a VIP plan's first payment: the VIP it bought is taken back", async () => {
    const user = await kit.user();
    const { orderId, sessionId } = await kit.buy(user, 'vip_month');
    await kit.stripe.completeCheckout(sessionId);
    expect(await kit.vipUntil(user.user.uid)).toBeGreaterThan(kit.clock.now().getTime());
    expect((await detail(orderId)).order.refundable_cents).toBe(1499);

    const res = await refund(orderId, 500);
    expect(res.code).toBe(200);
    expect(res.data.status).toBe('succeeded');
    // What was ahead is gone: VIP ends now (to the second).
    expect(await kit.vipUntil(user.user.uid)).toBeLessThan(kit.clock.now().getTime() + 1000);
    const after = await detail(orderId);
    expect(after.order).toMatchObject({ status: 'refunded', refundable_cents: 0, refunds_held_cents: 500 });
    expect(after.timeline.filter((s) => s.kind === 'vip').map((s) => s.kind === 'vip' && s.vip_kind)).toEqual([
      'purchase',
      'reversal',
    ]);
  });

  it('leaves the amount refundable when Stripe refuses, and when Stripe reports a refund failed later', async () => {
    const { user, orderId, paymentIntentId } = await paidPack('coins_500');
    // Refunded in Stripe's Dashboard first, its webhooks not here yet: the console does not know, Stripe does.
    kit.stripe.setWebhookUrl(undefined);
    const mark = kit.stripe.events.length;
    await kit.stripe.refund(paymentIntentId, 400);
    const late = kit.stripe.events.slice(mark);
    kit.stripe.setWebhookUrl(kit.webhookUrl);
    const refused = await refund(orderId, 499);
    expect(refused.code).toBe(Code.PAYMENT_PROVIDER_ERROR);
    const [failed] = (await detail(orderId)).refunds;
    expect(failed).toMatchObject({ amount_cents: 499, status: 'failed', provider_refund_id: null });
    expect(failed!.failure_reason).toContain('greater than unrefunded amount');
    expect((await detail(orderId)).order.refundable_cents).toBe(499);
    // Once they arrive, the Dashboard's refund is counted: what is left is what Stripe has left.
    for (const event of late) await kit.stripe.deliver(event);
    expect((await detail(orderId)).order).toMatchObject({ refunds_held_cents: 400, refundable_cents: 99 });

    const fits = await refund(orderId, 99);
    expect(fits.code).toBe(200);
    expect(await kit.coin(user.user.uid)).toBe(0);

    // A second pack whose refund the bank returns: refund.failed frees its amount again.
    const second = await paidPack('coins_100');
    const done = await refund(second.orderId, 50);
    expect((await detail(second.orderId)).order.refundable_cents).toBe(49);
    await kit.stripe.failRefund(done.data.provider_refund_id!);
    const back = await detail(second.orderId);
    expect(back.refunds[0]).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(back.order.refundable_cents).toBe(99);
    expect(back.timeline.filter((s) => s.kind === 'provider_event').at(-1)).toMatchObject({
      type: 'refund.failed',
      outcome: `refund ${done.data.id} failed`,
    });
  });

  it('refuses Apple and unpaid orders, bad amounts and unknown orders, writing nothing', async () => {
    const user = await kit.user();
    const apple = await appleOrder(user.user.uid);
    const { orderId: open } = await kit.buy(user, 'coins_100');
    const { orderId: paid } = await paidPack('coins_100', user);
    const appleDetail = await detail(apple);
    expect(appleDetail.order).toMatchObject({ channel: 'apple', status: 'fulfilled', refundable_cents: 0 });

    const baseline = await written();
    expect((await refund(apple, 99)).code).toBe(Code.ORDER_NOT_REFUNDABLE);
    expect((await refund(open, 99)).code).toBe(Code.ORDER_NOT_REFUNDABLE);
    for (const amount of [0, -5, 1.5, '99', null]) {
      const res = await refund(paid, amount);
      expect(res.code, String(amount)).toBe(Code.INVALID_INPUT);
      expect(JSON.stringify(res.data)).toContain('amount_cents');
    }
    const noReason = await refund(paid, 10, '  ');
    expect(noReason.code).toBe(Code.INVALID_INPUT);
    expect(JSON.stringify(noReason.data)).toContain('reason');
    expect((await refund('ord_unknown000000000000000', 10)).code).toBe(Code.NOT_FOUND);
    expect((await get(`/orders/ord_unknown000000000000000`)).code).toBe(Code.NOT_FOUND);
    expect(await written()).toEqual(baseline);
  });
});
