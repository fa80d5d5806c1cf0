import { Code, type MemberPlan, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createPaymentsKit, type PaymentsKit } from './payments-kit.js';

const DAY_MS = 86_400_000;

/**
 * Web payments end to end through the HTTP API, the real Stripe SDK and the fake Stripe, which
 * delivers webhooks signed with Stripe's real scheme to the listening app.
 */
describe('Stripe payments', () => {
  let kit: PaymentsKit;

  beforeAll(async () => {
    kit = await createPaymentsKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  const entries = (uid: number, kind: string) =>
    kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${uid} AND kind = ${kind}`);

  describe('plans and packs', () => {
    it('lists the four VIP plans with USD prices, per-week prices and App Store ids, to visitors too', async () => {
      const body = envelope<MemberPlan[]>(await kit.call('GET', '/member/type?pay_channel=stripe&currency=USD'));
      expect(body.code).toBe(200);
      expect(body.data.map((plan) => plan.period)).toEqual(['week', 'month', 'quarter', 'year']);
      expect(body.data[1]).toEqual({
        id: 'vip_month',
        period: 'month',
        days: 30,
        price_cents: 1499,
        currency: 'USD',
        price_per_week_cents: 350,
        product_id: 'cliffhanger.vip.month',
      });
      const apple = envelope(await kit.call('GET', '/member/type?pay_channel=apple&currency=USD'));
      expect(apple.data).toHaveLength(4);
    });

    it('lists the coin packs with bonus coins and App Store ids', async () => {
      const body = envelope(await kit.call('GET', '/coin/type?currency=USD'));
      expect(body.code).toBe(200);
      expect(body.data).toHaveLength(5);
      expect(body.data[1]).toEqual({
        id: 'coins_500',
        coins: 500,
        bonus_coins: 50,
        price_cents: 499,
        currency: 'USD',
        apple_product_id: 'cliffhanger.coins.500',
      });
    });

    it('refuses another currency or channel with 10001 naming the field', async () => {
      const plans = envelope(await kit.call('GET', '/member/type?pay_channel=stripe&currency=EUR'));
      expect(plans.code).toBe(Code.INVALID_INPUT);
      expect(JSON.stringify(plans.data)).toContain('currency');
      expect(envelope(await kit.call('GET', '/coin/type?currency=TRY')).code).toBe(Code.INVALID_INPUT);
      expect(envelope(await kit.call('GET', '/member/type?pay_channel=paypal')).code).toBe(Code.INVALID_INPUT);
    });
  });

  describe('starting a purchase', () => {
    it('needs a signed-in user', async () => {
      const res = await kit.call('POST', '/member/purchase', {
        payload: { product: 'coins_100', pay_channel: 'stripe' },
      });
      expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
    });

    it('refuses bad bodies and unknown products, and creates nothing', async () => {
      const user = await kit.user();
      const before = kit.stripe.requests.length;
      const bad = [
        {},
        { product: 'coins_100' },
        { product: 'coins_100', pay_channel: 'paypal' },
        { product: 'coins_100', pay_channel: 'stripe', price_cents: 1 },
        { product: 'DROP TABLE', pay_channel: 'stripe' },
      ];
      for (const payload of bad) {
        expect(envelope(await kit.call('POST', '/member/purchase', { token: user.token, payload })).code).toBe(
          Code.INVALID_INPUT,
        );
      }
      const unknown = await kit.call('POST', '/member/purchase', {
        token: user.token,
        payload: { product: 'coins_7', pay_channel: 'stripe' },
      });
      expect(envelope(unknown).code).toBe(Code.NOT_FOUND);
      expect(kit.stripe.requests.length).toBe(before);
      expect(await kit.scalar(sql`SELECT count(*) FROM orders WHERE user_id = ${user.user.uid}`)).toBe(0);
    });

    it('creates an order and a Checkout Session in payment mode, reusing the customer', async () => {
      const user = await kit.user();
      const first = await kit.buy(user, 'coins_500');
      const second = await kit.buy(user, 'coins_100');
      const session = kit.stripe.sessions.get(first.sessionId);
      expect(session).toMatchObject({
        mode: 'payment',
        client_reference_id: first.orderId,
        metadata: { order_id: first.orderId, uid: String(user.user.uid) },
        success_url: `http://localhost:8080/pages/payment/stripePaymentSuccess?order=${first.orderId}`,
        cancel_url: `http://localhost:8080/pages/payment/stripePaymentFailed?order=${first.orderId}`,
        amount_total: 499,
        currency: 'usd',
      });
      expect(kit.stripe.sessions.get(second.sessionId)?.customer).toBe(session?.customer);
      const order = await kit.order(user, first.orderId);
      expect(order.data).toMatchObject({
        status: 'pending',
        kind: 'coins',
        product: 'coins_500',
        coins_credited: 0,
        price_cents: 499,
      });
    });

    it('answers 50002 for in-app purchase on a server without it', async () => {
      const user = await kit.user();
      const res = await kit.call('POST', '/member/purchase', {
        token: user.token,
        payload: { product: 'vip_week', pay_channel: 'apple' },
      });
      expect(envelope(res).code).toBe(Code.PAYMENT_CHANNEL_UNAVAILABLE);
    });
  });

  describe('coin packs', () => {
    it('credits coins + bonus once when Stripe reports the payment, as a recharge that never expires', async () => {
      const user = await kit.user();
      const uid = user.user.uid;
      const { orderId, sessionId } = await kit.buy(user, 'coins_500');
      const result = await kit.stripe.completeCheckout(sessionId);
      expect(result.deliveries.map((d) => d.status)).toEqual([200]);
      expect(await kit.coin(uid)).toBe(550);
      expect((await kit.order(user, orderId)).data).toMatchObject({ status: 'fulfilled', coins_credited: 550 });
      expect(
        await kit.scalar(sql`SELECT count(*) FROM wallet_lots WHERE user_id = ${uid} AND expires_at IS NULL`),
      ).toBe(1);

      // Stripe delivers an event more than once: the same event again changes nothing.
      const again = await kit.stripe.deliver(result.deliveries[0]!.event);
      expect(again.status).toBe(200);
      expect(again.body).toContain('duplicate');
      // A different event about the same order (an async-payment success) credits nothing either.
      const session = kit.stripe.sessions.get(sessionId)!;
      const other = await kit.stripe.deliver(
        kit.stripe.buildEvent('checkout.session.async_payment_succeeded', session),
      );
      expect(other.status).toBe(200);
      expect(await kit.coin(uid)).toBe(550);
      expect(await entries(uid, 'recharge')).toBe(1);
      expect((await kit.reconcile()).differences).toEqual([]);
    });

    it("shows an order only to its owner: another user's id answers like an unknown one", async () => {
      const owner = await kit.user();
      const other = await kit.user();
      const { orderId } = await kit.buy(owner, 'coins_100');
      const foreign = await kit.order(other, orderId);
      const unknown = await kit.order(other, 'ord_AAAAAAAAAAAAAAAAAAAAAAAA');
      expect(foreign).toEqual(unknown);
      expect(foreign.code).toBe(Code.NOT_FOUND);
      expect((await kit.order(other, 'not-an-order')).code).toBe(Code.INVALID_INPUT);
    });

    it('marks an abandoned checkout canceled when the session expires', async () => {
      const user = await kit.user();
      const { orderId, sessionId } = await kit.buy(user, 'coins_100');
      await kit.stripe.expireSession(sessionId);
      expect((await kit.order(user, orderId)).data).toMatchObject({ status: 'canceled', coins_credited: 0 });
      expect(await kit.coin(user.user.uid)).toBe(0);
    });

    it('takes back refunded coins: half a refund takes half, the rest takes the rest', async () => {
      const user = await kit.user();
      const uid = user.user.uid;
      const { orderId, sessionId } = await kit.buy(user, 'coins_1000');
      const paid = await kit.stripe.completeCheckout(sessionId);
      const pi = paid.paymentIntent!.id;
      expect(await kit.coin(uid)).toBe(1150);
      await kit.stripe.refund(pi, 500);
      expect(await kit.coin(uid)).toBe(575);
      await kit.stripe.refund(pi);
      expect(await kit.coin(uid)).toBe(0);
      expect((await kit.order(user, orderId)).data).toMatchObject({ status: 'refunded' });
      expect(await entries(uid, 'recharge_reversal')).toBe(2);
      expect(
        await kit.scalar(sql`SELECT count(*) FROM users WHERE id = ${uid} AND payment_flagged_at IS NOT NULL`),
      ).toBe(0);
      expect((await kit.reconcile()).differences).toEqual([]);
    });

    it('never drives a balance negative: coins already spent are recorded as unrecovered and the account flagged', async () => {
      const { drama, episodes } = await seedDrama(kit.t.app, { episodes: 3, freeEpisodes: 0, episodePrice: 80 });
      const user = await kit.user();
      const uid = user.user.uid;
      const { orderId, sessionId } = await kit.buy(user, 'coins_100');
      const paid = await kit.stripe.completeCheckout(sessionId);
      expect(envelope(await kit.unlock(user.token, { episode_id: episodes[0]!.id })).code).toBe(200);
      expect(await kit.coin(uid)).toBe(20);
      await kit.stripe.dispute(paid.paymentIntent!.id);
      expect(await kit.coin(uid)).toBe(0);
      const [row] = await queryRows<{ coins_reversed: number; coins_unrecovered: number }>(
        kit.t.app.database.db,
        sql`SELECT coins_reversed, coins_unrecovered FROM orders WHERE public_id = ${orderId}`,
      );
      expect(row).toEqual({ coins_reversed: 20, coins_unrecovered: 80 });
      expect(
        await kit.scalar(sql`SELECT count(*) FROM users WHERE id = ${uid} AND payment_flagged_at IS NOT NULL`),
      ).toBe(1);
      // The episode bought stays unlocked: the coins were spent before the dispute.
      expect(envelope(await kit.call('GET', `/dramas/${drama.id}`, { token: user.token })).code).toBe(200);
      expect((await kit.reconcile()).differences).toEqual([]);
    });
  });

  describe("a payment that differs from the order's terms", () => {
    const flagOf = async (orderId: string) =>
      (
        await queryRows<{ status: string; coins_credited: number; flagged: boolean; flag_reason: string | null }>(
          kit.t.app.database.db,
          sql`SELECT status, coins_credited, flagged_at IS NOT NULL AS flagged, flag_reason FROM orders WHERE public_id = ${orderId}`,
        )
      )[0];
    const outcomeOf = async (eventId: string) =>
      (
        await queryRows<{ outcome: string }>(
          kit.t.app.database.db,
          sql`SELECT outcome FROM payment_events WHERE provider = 'stripe' AND event_id = ${eventId}`,
        )
      )[0]?.outcome;

    it('credits nothing for 99 cents paid on a $49.99 pack: the order is flagged, the event recorded, Stripe told 200', async () => {
      const user = await kit.user();
      const uid = user.user.uid;
      const { orderId, sessionId } = await kit.buy(user, 'coins_5000');
      const session = kit.stripe.sessions.get(sessionId)!;
      expect(session.amount_total).toBe(4999);
      const underpaid = { ...session, status: 'complete', payment_status: 'paid', amount_total: 99 };
      const event = kit.stripe.buildEvent('checkout.session.completed', underpaid);

      const delivery = await kit.stripe.deliver(event);
      // 200: the event is handled (refused for good); a 5xx would only make Stripe deliver it again.
      expect(delivery.status).toBe(200);
      expect(await kit.coin(uid)).toBe(0);
      expect(await entries(uid, 'recharge')).toBe(0);
      expect(await flagOf(orderId)).toMatchObject({ status: 'pending', coins_credited: 0, flagged: true });
      expect((await flagOf(orderId))?.flag_reason).toMatch(/99 USD.*4999 USD/);
      expect(await outcomeOf(event.id)).toMatch(/^flagged/);
      expect((await kit.order(user, orderId)).data).toMatchObject({ status: 'pending', coins_credited: 0 });

      // Stripe delivering it again, or another paid event about the order, changes nothing.
      const again = await kit.stripe.deliver(event);
      expect(again.status).toBe(200);
      expect(again.body).toContain('duplicate');
      const rightAmount = { ...session, status: 'complete', payment_status: 'paid' };
      const later = await kit.stripe.deliver(
        kit.stripe.buildEvent('checkout.session.async_payment_succeeded', rightAmount),
      );
      expect(later.status).toBe(200);
      expect(await outcomeOf(later.event.id)).toMatch(/flagged/);
      expect(await kit.coin(uid)).toBe(0);
      expect((await kit.reconcile()).differences).toEqual([]);
    });

    it('credits nothing when the currency differs, even for the right number', async () => {
      const user = await kit.user();
      const { orderId, sessionId } = await kit.buy(user, 'coins_100');
      const session = kit.stripe.sessions.get(sessionId)!;
      const inEuros = { ...session, status: 'complete', payment_status: 'paid', currency: 'eur' };
      const delivery = await kit.stripe.deliver(kit.stripe.buildEvent('checkout.session.completed', inEuros));
      expect(delivery.status).toBe(200);
      expect(await kit.coin(user.user.uid)).toBe(0);
      expect(await flagOf(orderId)).toMatchObject({ status: 'pending', flagged: true });
      expect((await flagOf(orderId))?.flag_reason).toMatch(/EUR/);
    });

    it('still credits a payment of the right amount exactly once, unflagged', async () => {
      const user = await kit.user();
      const { orderId, sessionId } = await kit.buy(user, 'coins_5000');
      const paid = await kit.stripe.completeCheckout(sessionId);
      expect(paid.session.amount_total).toBe(4999);
      await kit.stripe.deliver(paid.deliveries[0]!.event);
      expect(await kit.coin(user.user.uid)).toBe(6250);
      expect(await entries(user.user.uid, 'recharge')).toBe(1);
      expect(await flagOf(orderId)).toMatchObject({ status: 'fulfilled', flagged: false, flag_reason: null });
    });

    it("grants no VIP when a plan's first invoice differs from the order's price (a wrongly set Stripe price)", async () => {
      const user = await kit.user();
      const { orderId, sessionId } = await kit.buy(user, 'vip_year');
      kit.stripe.setWebhookUrl('http://127.0.0.1:9/unreachable');
      const created = await kit.stripe.completeCheckout(sessionId);
      kit.stripe.setWebhookUrl(kit.webhookUrl);
      for (const { event } of created.deliveries) {
        // The invoice a Stripe price of $4.99 would have made for the $99.99 year.
        const cheap = { ...(event.data.object as { id: string; object: string }), amount_paid: 499 };
        const sent = event.type === 'invoice.paid' ? kit.stripe.buildEvent('invoice.paid', cheap) : event;
        expect((await kit.stripe.deliver(sent)).status).toBe(200);
      }
      expect(await kit.vipUntil(user.user.uid)).toBe(0);
      expect(await flagOf(orderId)).toMatchObject({ status: 'pending', flagged: true });
      expect(await kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${user.user.uid}`)).toBe(0);
    });
  });

  describe('VIP subscriptions', () => {
    async function subscribe(user: Session, product = 'vip_month') {
      const { orderId, sessionId } = await kit.buy(user, product);
      const result = await kit.stripe.completeCheckout(sessionId);
      expect(result.deliveries.every((d) => d.status === 200)).toBe(true);
      return { orderId, subscriptionId: result.subscription!.id, paymentIntentId: result.paymentIntent?.id };
    }

    it('makes the buyer VIP for the paid period: locked episodes play', async () => {
      const { episodes } = await seedDrama(kit.t.app, { episodes: 3, freeEpisodes: 0 });
      const user = await kit.user();
      expect(envelope(await kit.call('GET', `/episodes/${episodes[1]!.id}/play`, { token: user.token })).code).toBe(
        Code.EPISODE_LOCKED,
      );
      const now = kit.clock.now().getTime();
      const { orderId } = await subscribe(user);
      const membership = await kit.membership(user);
      expect(membership).toMatchObject({
        active: true,
        subscription: {
          plan: 'vip_month',
          period: 'month',
          price_cents: 1499,
          status: 'active',
          cancel_at_period_end: false,
          manageable: true,
        },
      });
      const until = new Date(membership.expires_at as string).getTime();
      expect(until - now).toBeGreaterThanOrEqual(28 * DAY_MS);
      expect(until - now).toBeLessThanOrEqual(31 * DAY_MS + 60_000);
      expect((await kit.order(user, orderId)).data).toMatchObject({
        status: 'fulfilled',
        vip_expires_at: membership.expires_at,
      });
      expect(envelope(await kit.call('GET', `/episodes/${episodes[1]!.id}/play`, { token: user.token })).code).toBe(
        200,
      );
      expect(await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${user.user.uid}`)).toBe(0);
    });

    it('refuses a second plan while one renews (50003)', async () => {
      const user = await kit.user();
      await subscribe(user, 'vip_week');
      const res = await kit.call('POST', '/member/purchase', {
        token: user.token,
        payload: { product: 'vip_year', pay_channel: 'stripe' },
      });
      expect(envelope(res).code).toBe(Code.SUBSCRIPTION_EXISTS);
    });

    it('extends VIP by each paid renewal, once per invoice', async () => {
      const user = await kit.user();
      const uid = user.user.uid;
      const { subscriptionId } = await subscribe(user, 'vip_week');
      const first = await kit.vipUntil(uid);
      kit.clock.advance(7 * 86_400);
      const renewal = await kit.stripe.renew(subscriptionId);
      const second = await kit.vipUntil(uid);
      expect(second - first).toBe(7 * DAY_MS);
      const invoicePaid = renewal.deliveries.find((d) => d.event.type === 'invoice.paid')!;
      await kit.stripe.deliver(invoicePaid.event);
      expect(await kit.vipUntil(uid)).toBe(second);
      expect(await kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${uid}`)).toBe(2);
    });

    it('applies a renewal that arrives before the creation events, and the late ones change nothing', async () => {
      const user = await kit.user();
      const { sessionId } = await kit.buy(user, 'vip_week');
      kit.stripe.setWebhookUrl('http://127.0.0.1:9/unreachable');
      const created = await kit.stripe.completeCheckout(sessionId);
      const renewed = await kit.stripe.renew(created.subscription!.id);
      kit.stripe.setWebhookUrl(kit.webhookUrl);
      const events = [...created.deliveries, ...renewed.deliveries].map((d) => d.event).reverse();
      for (const event of events) expect((await kit.stripe.deliver(event)).status).toBe(200);
      const membership = await kit.membership(user);
      expect(membership.subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
      const until = new Date(membership.expires_at as string).getTime();
      expect(until - kit.clock.now().getTime()).toBeGreaterThanOrEqual(13 * DAY_MS);
      expect(await kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${user.user.uid}`)).toBe(2);
    });

    it('cancels in one step at period end, resumes, and a repeat answers 10019', async () => {
      const user = await kit.user();
      const { subscriptionId } = await subscribe(user);
      const before = await kit.membership(user);
      const cancel = envelope(await kit.call('POST', '/member/cancel', { token: user.token }));
      expect(cancel.code).toBe(200);
      expect(cancel.data).toMatchObject({ active: true, subscription: { cancel_at_period_end: true } });
      expect(cancel.data.expires_at).toBe(before.expires_at);
      await kit.stripe.idle();
      expect(kit.stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
      expect(envelope(await kit.call('POST', '/member/cancel', { token: user.token })).code).toBe(Code.ALREADY_OWNED);
      const resume = envelope(await kit.call('POST', '/member/resume', { token: user.token }));
      expect(resume.data.subscription.cancel_at_period_end).toBe(false);
      await kit.stripe.idle();
      expect(kit.stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
      expect(envelope(await kit.call('POST', '/member/resume', { token: user.token })).code).toBe(Code.ALREADY_OWNED);
    });

    it('keeps VIP to the period end when a cancelled subscription ends there, and takes back the rest when it ends early', async () => {
      const atEnd = await kit.user();
      const a = await subscribe(atEnd, 'vip_week');
      await kit.call('POST', '/member/cancel', { token: atEnd.token });
      const paidUntil = (await kit.membership(atEnd)).expires_at;
      const early = await kit.user();
      const b = await subscribe(early, 'vip_week');
      await kit.stripe.endSubscription(b.subscriptionId);
      const earlyMembership = await kit.membership(early);
      expect(earlyMembership.active).toBe(false);
      expect(earlyMembership.subscription).toBeNull();

      const paidUntilMs = await kit.vipUntil(atEnd.user.uid);
      kit.clock.advance(7 * 86_400);
      await kit.stripe.endSubscription(a.subscriptionId);
      expect(await kit.vipUntil(atEnd.user.uid)).toBe(paidUntilMs);
      expect(new Date(paidUntilMs).toISOString()).toBe(paidUntil);
      expect(
        await kit.scalar(
          sql`SELECT count(*) FROM subscriptions WHERE user_id = ${atEnd.user.uid} AND ended_at IS NULL`,
        ),
      ).toBe(0);
    });

    it('takes back the VIP a refunded invoice bought, once', async () => {
      const user = await kit.user();
      const { paymentIntentId, orderId } = await subscribe(user, 'vip_week');
      expect((await kit.membership(user)).active).toBe(true);
      await kit.stripe.refund(paymentIntentId!);
      expect((await kit.membership(user)).active).toBe(false);
      expect((await kit.order(user, orderId)).data).toMatchObject({ status: 'refunded' });
      expect(
        await kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${user.user.uid} AND kind = 'reversal'`),
      ).toBe(1);
    });

    it('ends the subscription at Stripe when the account is deleted, so it is never charged again', async () => {
      const user = await kit.user();
      const { subscriptionId } = await subscribe(user, 'vip_week');
      expect(envelope(await kit.call('DELETE', '/user', { token: user.token })).code).toBe(200);
      await kit.stripe.idle();
      expect(kit.stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
      expect(
        await kit.scalar(sql`SELECT count(*) FROM subscriptions WHERE user_id = ${user.user.uid} AND ended_at IS NULL`),
      ).toBe(0);
    });

    it('opens the customer portal for billing details', async () => {
      const user = await kit.user();
      await subscribe(user, 'vip_week');
      const body = envelope(await kit.call('POST', '/member/portal', { token: user.token }));
      expect(body.code).toBe(200);
      expect(body.data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const stranger = await kit.user();
      expect(envelope(await kit.call('POST', '/member/portal', { token: stranger.token })).code).toBe(Code.NOT_FOUND);
      expect(envelope(await kit.call('POST', '/member/cancel', { token: stranger.token })).code).toBe(Code.NOT_FOUND);
    });
  });

  describe('the webhook refuses what Stripe did not sign', () => {
    it.each(['bad', 'stale', 'missing'] as const)(
      'a %s signature: 400 with 50005, nothing written',
      async (signature) => {
        const user = await kit.user();
        const { sessionId } = await kit.buy(user, 'coins_100');
        const paid = { ...kit.stripe.sessions.get(sessionId)!, status: 'complete', payment_status: 'paid' };
        const event = kit.stripe.buildEvent('checkout.session.completed', paid);
        const events = await kit.scalar(sql`SELECT count(*) FROM payment_events`);
        const delivery = await kit.stripe.deliver(event, { signature });
        expect(delivery.status).toBe(400);
        expect(JSON.parse(delivery.body)).toMatchObject({ code: Code.PAYMENT_SIGNATURE_INVALID });
        expect(await kit.scalar(sql`SELECT count(*) FROM payment_events`)).toBe(events);
        expect(await kit.coin(user.user.uid)).toBe(0);
      },
    );

    it('acknowledges an event about an unknown order without writing coins', async () => {
      const session = {
        id: 'cs_test_unknown',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 99,
        metadata: { order_id: 'ord_ZZZZZZZZZZZZZZZZZZZZZZZZ' },
        client_reference_id: null,
      };
      const delivery = await kit.stripe.deliver(kit.stripe.buildEvent('checkout.session.completed', session));
      expect(delivery.status).toBe(200);
      expect(delivery.body).toContain('unknown order');
    });
  });
});
