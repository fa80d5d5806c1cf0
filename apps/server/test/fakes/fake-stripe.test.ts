import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '@cliffhanger/test-kit/fakes/fake-stripe';
import { addIntervals } from '@cliffhanger/test-kit/fakes/fake-stripe/objects';

const SECRET_KEY = 'sk_test_fake0123456789abcdefghijklmnop';
const WEBHOOK_SECRET = 'whsec_fake0123456789abcdefghijklmnopqrstuv';
const START = Date.UTC(2026, 0, 31, 12, 0, 0);

/** The app's side of a webhook: raw body + header through the SDK's own verification. */
interface Received {
  event?: Stripe.Event;
  error?: string;
}

let clock = START;
let fake: FakeStripe;
let stripe: Stripe;
let receiver: Server;
let received: Received[] = [];

function sdk(key: string): Stripe {
  const { port } = new URL(fake.url);
  return new Stripe(key, {
    host: '127.0.0.1',
    port: Number(port),
    protocol: 'http',
    apiVersion: Stripe.API_VERSION,
    maxNetworkRetries: 1,
  });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        const header = req.headers['stripe-signature'] ?? '';
        const event = stripe.webhooks.constructEvent(raw, header, WEBHOOK_SECRET, 300, undefined, clock);
        received.push({ event });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ received: event.type }));
      } catch (error) {
        received.push({ error: (error as Error).message });
        res.writeHead(400);
        res.end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    now: () => clock,
    prices: [{ id: 'price_coins_100', unitAmount: 199, productName: '100 coins' }],
  });
  fake.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`);
  stripe = sdk(SECRET_KEY);
});

afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(() => {
  received = [];
  clock = START;
});

const types = () => received.map((r) => r.event?.type ?? `error: ${r.error}`);

async function paymentSession(customer: string, orderId = 'ord_1') {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      customer,
      client_reference_id: 'user-1',
      metadata: { order_id: orderId, uid: 'user-1' },
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 499, product_data: { name: '500 coins' } } },
      ],
      payment_intent_data: { metadata: { order_id: orderId, uid: 'user-1' } },
      success_url: 'http://app.test/wallet?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/wallet?cancelled=1',
    },
    { idempotencyKey: `checkout-${orderId}` },
  );
}

async function subscriptionSession(customer: string, interval: 'week' | 'month' = 'week') {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: 'user-1',
    metadata: { order_id: 'ord_vip', uid: 'user-1' },
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: 999,
          product_data: { name: 'VIP' },
          recurring: { interval, interval_count: 1 },
        },
      },
    ],
    subscription_data: { metadata: { order_id: 'ord_vip', uid: 'user-1' } },
    success_url: 'http://app.test/vip?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/vip',
  });
}

describe('protocol', () => {
  it('refuses a wrong or missing secret key with Stripe’s 401', async () => {
    const error = await sdk('sk_test_wrong_key_000000000000')
      .customers.create({})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);

    const response = await fetch(`${fake.url}/v1/customers`, { method: 'POST' });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/You did not provide an API key/);
  });

  it('replays an idempotency key with the same body and refuses it with another', async () => {
    const first = await stripe.customers.create({ metadata: { uid: 'u-idem' } }, { idempotencyKey: 'customer-u-idem' });
    const again = await stripe.customers.create({ metadata: { uid: 'u-idem' } }, { idempotencyKey: 'customer-u-idem' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');

    const error = await stripe.customers
      .create({ metadata: { uid: 'someone-else' } }, { idempotencyKey: 'customer-u-idem' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(400);
  });

  it('records each request and reads the SDK’s bracket-encoded body', async () => {
    const customer = await stripe.customers.create({ metadata: { uid: 'u-rec' } });
    const session = await paymentSession(customer.id, 'ord_rec');
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/checkout/sessions', status: 200 });
    expect(fake.sessions.get(session.id)).toMatchObject({
      mode: 'payment',
      customer: customer.id,
      client_reference_id: 'user-1',
      metadata: { order_id: 'ord_rec', uid: 'user-1' },
      amount_total: 499,
      currency: 'usd',
      success_url: 'http://app.test/wallet?session={CHECKOUT_SESSION_ID}',
    });
  });

  it('refuses missing parameters, unknown parameters and unknown ids like Stripe', async () => {
    const customer = await stripe.customers.create({});
    const missing = await stripe.checkout.sessions
      .create({ mode: 'payment', customer: customer.id, success_url: 'http://app.test/ok' })
      .catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(missing).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items',
      type: 'StripeInvalidRequestError',
    });

    const noName = await stripe.checkout.sessions
      .create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 100,
              product_data: { description: 'no name' } as unknown as { name: string },
            },
          },
        ],
      })
      .catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(noName).toMatchObject({ code: 'parameter_missing', param: 'line_items[0][price_data][product_data][name]' });

    const typo = await fetch(`${fake.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'metdata[uid]=u1',
    });
    expect(typo.status).toBe(400);
    expect(await typo.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_unknown', param: 'metdata' },
    });

    const unknownCustomer = await paymentSession('cus_doesnotexist', 'ord_x').catch(
      (e: unknown) => e as Stripe.errors.StripeError,
    );
    expect(unknownCustomer).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' });

    const noSubscription = await stripe.subscriptions
      .update('sub_nope', { cancel_at_period_end: true })
      .catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(noSubscription).toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const recurringInPayment = await stripe.checkout.sessions
      .create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 999,
              product_data: { name: 'VIP' },
              recurring: { interval: 'week' },
            },
          },
        ],
      })
      .catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(recurringInPayment).toMatchObject({ statusCode: 400, param: 'line_items' });
  });
});

describe('payment mode', () => {
  it('completes a checkout: payment intent with the metadata, signed checkout.session.completed', async () => {
    const customer = await stripe.customers.create({ metadata: { uid: 'user-1' } }, { idempotencyKey: 'cus-user-1' });
    const session = await paymentSession(customer.id, 'ord_pay');
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 499,
      currency: 'usd',
      customer: customer.id,
      url: `${fake.url}/checkout/${session.id}`,
      created: Math.floor(START / 1000),
    });
    expect(session.id).toMatch(/^cs_test_/);

    const { deliveries, paymentIntent, charge } = await fake.completeCheckout(session.id);
    expect(deliveries.map((d) => [d.event.type, d.status])).toEqual([['checkout.session.completed', 200]]);
    expect(types()).toEqual(['checkout.session.completed']);
    const event = received[0]!.event as Stripe.CheckoutSessionCompletedEvent;
    expect(event).toMatchObject({ object: 'event', created: Math.floor(START / 1000) });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent!.id,
    });
    expect(paymentIntent!.metadata).toEqual({ order_id: 'ord_pay', uid: 'user-1' });
    expect(charge!.payment_intent).toBe(paymentIntent!.id);
    expect(paymentIntent!.latest_charge).toBe(charge!.id);

    await expect(fake.completeCheckout(session.id)).rejects.toThrow(/not open/);
  });

  it('refunds cumulatively and opens a dispute', async () => {
    const customer = await stripe.customers.create({});
    const session = await paymentSession(customer.id, 'ord_refund');
    const { paymentIntent } = await fake.completeCheckout(session.id);
    received = [];

    const partial = await fake.refund(paymentIntent!.id, 199);
    expect(partial.charge).toMatchObject({ amount_refunded: 199, refunded: false });
    const rest = await fake.refund(paymentIntent!.id);
    expect(rest.charge).toMatchObject({ amount_refunded: 499, refunded: true });
    await expect(fake.refund(paymentIntent!.id, 1)).rejects.toThrow(/refundable/);
    const ofType = (type: string) => received.flatMap(({ event }) => (event?.type === type ? [event] : []));
    const refunded = ofType('charge.refunded')[1] as Stripe.ChargeRefundedEvent;
    expect(ofType('refund.created').map((event) => event.data.object)).toEqual([
      expect.objectContaining({ id: partial.refund.id, amount: 199, metadata: {}, status: 'succeeded' }),
      expect.objectContaining({ id: rest.refund.id, amount: 300, metadata: {}, status: 'succeeded' }),
    ]);
    expect(refunded.data.object).toMatchObject({
      amount: 499,
      amount_refunded: 499,
      payment_intent: paymentIntent!.id,
    });

    const { dispute } = await fake.dispute(paymentIntent!.id);
    expect(dispute).toMatchObject({
      object: 'dispute',
      status: 'needs_response',
      payment_intent: paymentIntent!.id,
      amount: 499,
    });
    expect(dispute.id).toMatch(/^dp_/);
    expect(types()).toEqual([
      'charge.refunded',
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.dispute.created',
    ]);
  });

  it('refunds through the API with idempotency, refuses more than is left, and reports a failed refund', async () => {
    const customer = await stripe.customers.create({});
    const session = await paymentSession(customer.id, 'ord_api_refund');
    const { paymentIntent, charge } = await fake.completeCheckout(session.id);
    received = [];

    const params = { payment_intent: paymentIntent!.id, amount: 300, metadata: { order_refund_id: '7' } };
    const refund = await stripe.refunds.create(params, { idempotencyKey: 'order-refund-7' });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 300,
      status: 'succeeded',
      charge: charge!.id,
      payment_intent: paymentIntent!.id,
      metadata: { order_refund_id: '7' },
    });
    expect(refund.id).toMatch(/^re_/);
    expect((await stripe.refunds.create(params, { idempotencyKey: 'order-refund-7' })).id).toBe(refund.id);
    await fake.idle();
    expect(types()).toEqual(['charge.refunded', 'refund.created']);
    expect((received[0]!.event as Stripe.ChargeRefundedEvent).data.object.amount_refunded).toBe(300);

    await expect(stripe.refunds.create({ payment_intent: paymentIntent!.id, amount: 200 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
      message: 'Refund amount ($2.00) is greater than unrefunded amount on charge ($1.99)',
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_nope', amount: 1 })).rejects.toMatchObject({
      code: 'resource_missing',
    });

    received = [];
    await fake.failRefund(refund.id, 'lost_or_stolen_card');
    expect(types()).toEqual(['refund.failed']);
    expect((received[0]!.event as Stripe.RefundFailedEvent).data.object).toMatchObject({
      id: refund.id,
      status: 'failed',
      failure_reason: 'lost_or_stolen_card',
    });
    // The failed amount can be refunded again.
    expect((await stripe.refunds.create({ payment_intent: paymentIntent!.id })).amount).toBe(499);
    await fake.idle();
  });

  it('expires an open session', async () => {
    const customer = await stripe.customers.create({});
    const session = await paymentSession(customer.id, 'ord_expire');
    await fake.expireSession(session.id);
    expect(types()).toEqual(['checkout.session.expired']);
    expect(fake.sessions.get(session.id)?.status).toBe('expired');
  });
});

describe('subscription mode', () => {
  it('creates subscription, paid first invoice and its payment link, the session last', async () => {
    const customer = await stripe.customers.create({ metadata: { uid: 'user-1' } });
    const session = await subscriptionSession(customer.id);
    const result = await fake.completeCheckout(session.id);
    expect(types()).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect(result.deliveries.every((d) => d.status === 200)).toBe(true);

    const subscription = fake.subscriptions.get(result.subscription!.id)!;
    const week = 7 * 86_400;
    const start = Math.floor(START / 1000);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      customer: customer.id,
      metadata: { order_id: 'ord_vip', uid: 'user-1' },
      latest_invoice: result.invoice!.id,
    });
    expect(subscription.items.data[0]).toMatchObject({
      object: 'subscription_item',
      current_period_start: start,
      current_period_end: start + week,
      price: { unit_amount: 999, recurring: { interval: 'week', interval_count: 1 } },
    });

    const invoice = result.invoice!;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_paid: 999,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { order_id: 'ord_vip', uid: 'user-1' } },
      },
    });
    expect(invoice.lines.data[0]!.period).toEqual({ start, end: start + week });
    expect(invoice).not.toHaveProperty('payment_intent');
    expect(invoice).not.toHaveProperty('subscription');

    const completed = received[2]!.event as Stripe.CheckoutSessionCompletedEvent;
    expect(completed.data.object).toMatchObject({
      subscription: subscription.id,
      invoice: invoice.id,
      payment_intent: null,
    });

    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: result.paymentIntent!.id },
    });
    expect(payments.data).toHaveLength(1);
    expect(payments.data[0]).toMatchObject({
      object: 'invoice_payment',
      invoice: invoice.id,
      status: 'paid',
      amount_paid: 999,
    });
    const none = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: 'pi_unknown' },
    });
    expect(none.data).toEqual([]);
  });

  it('renews per period, and ends', async () => {
    const customer = await stripe.customers.create({});
    const session = await subscriptionSession(customer.id, 'month');
    const { subscription } = await fake.completeCheckout(session.id);
    received = [];

    const start = Math.floor(START / 1000);
    expect(subscription!.items.data[0]!.current_period_end).toBe(Math.floor(Date.UTC(2026, 1, 28, 12) / 1000));
    const renewed = await fake.renew(subscription!.id);
    expect(types()).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(renewed.invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      period_start: start,
    });
    expect(renewed.invoice.lines.data[0]!.period).toEqual({
      start: Math.floor(Date.UTC(2026, 1, 28, 12) / 1000),
      end: Math.floor(Date.UTC(2026, 2, 31, 12) / 1000),
    });
    const updated = received[1]!.event as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.latest_invoice).toBe(renewed.invoice.id);
    expect(updated.data.object.items.data[0]!.current_period_end).toBe(Math.floor(Date.UTC(2026, 2, 31, 12) / 1000));

    await fake.endSubscription(subscription!.id);
    expect(types().at(-1)).toBe('customer.subscription.deleted');
    expect(fake.subscriptions.get(subscription!.id)?.status).toBe('canceled');
  });

  it('emits customer.subscription.updated and .deleted for API updates and cancels', async () => {
    const customer = await stripe.customers.create({});
    const session = await subscriptionSession(customer.id);
    const { subscription } = await fake.completeCheckout(session.id);
    received = [];

    const updated = await stripe.subscriptions.update(
      subscription!.id,
      { cancel_at_period_end: true },
      { idempotencyKey: 'cancel-1' },
    );
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: updated.items.data[0]!.current_period_end });
    await fake.idle();
    expect(types()).toEqual(['customer.subscription.updated']);
    await expect(fake.renew(subscription!.id)).rejects.toThrow(/cancel at period end/);

    const canceled = await stripe.subscriptions.cancel(subscription!.id);
    expect(canceled.status).toBe('canceled');
    await fake.idle();
    expect(types()).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/vip',
    });
    expect(portal).toMatchObject({ customer: customer.id, return_url: 'http://app.test/vip' });
    expect(portal.url).toBe(`${fake.url}/billing-portal/${portal.id}`);
    const unknown = await stripe.billingPortal.sessions
      .create({ customer: 'cus_nope', return_url: 'http://app.test/vip' })
      .catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' });
  });
});

describe('webhook signatures', () => {
  it('signs with the real scheme; bad, stale and missing signatures fail verification', async () => {
    const customer = await stripe.customers.create({});
    const event = fake.buildEvent('customer.updated', customer);
    const answers = [];
    for (const signature of ['valid', 'bad', 'stale', 'missing'] as const) {
      answers.push(await fake.deliver(event, { signature }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 400, 400]);
    expect(answers[3]!.body).toBe('bad signature');
    expect(received[0]!.event!.id).toBe(event.id);
    expect(received[1]!.error).toMatch(/No signatures found matching/);
    expect(received[2]!.error).toMatch(/Timestamp outside the tolerance zone/);
    expect(received[3]!.error).toBeDefined();
  });

  it('stamps signatures with the injected clock', async () => {
    clock = START + 3_600_000;
    const customer = await stripe.customers.create({});
    const delivery = await fake.deliver(fake.buildEvent('customer.updated', customer));
    expect(delivery.status).toBe(200);
    expect(delivery.event.created).toBe(Math.floor(clock / 1000));
  });
});

describe('hosted checkout page', () => {
  it('shows the item, declines without sending anything, goes back, and pays with a redirect', async () => {
    const customer = await stripe.customers.create({});
    const session = await paymentSession(customer.id, 'ord_page');
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('500 coins');
    expect(page).toContain('$4.99');
    for (const id of ['fake-stripe-pay', 'fake-stripe-decline', 'fake-stripe-cancel'])
      expect(page).toContain(`data-testid="${id}"`);

    const declined = await fetch(`${session.url}/decline`, { method: 'POST', redirect: 'manual' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(received).toEqual([]);
    expect(fake.sessions.get(session.id)!.status).toBe('open');

    const back = await fetch(`${session.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('http://app.test/wallet?cancelled=1');

    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/wallet?session=${session.id}`);
    expect(types()).toEqual(['checkout.session.completed']);
    expect(fake.sessions.get(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await (await fetch(session.url!)).text()).toContain('no longer active');
  });

  it('charges a known price id', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: 'price_coins_100', quantity: 2 }],
      success_url: 'http://app.test/ok',
    });
    expect(session.amount_total).toBe(398);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('100 coins $3.98 × 2');
    const unknown = await stripe.checkout.sessions
      .create({ mode: 'payment', line_items: [{ price: 'price_nope', quantity: 1 }] })
      .catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'line_items[0][price]' });
  });
});

describe('billing periods', () => {
  it('keeps the anchor day across months, clamped to short months', () => {
    const jan31 = Math.floor(Date.UTC(2026, 0, 31) / 1000);
    expect(addIntervals(jan31, 'month', 1)).toBe(Math.floor(Date.UTC(2026, 1, 28) / 1000));
    expect(addIntervals(jan31, 'month', 2)).toBe(Math.floor(Date.UTC(2026, 2, 31) / 1000));
    expect(addIntervals(jan31, 'year', 1)).toBe(Math.floor(Date.UTC(2027, 0, 31) / 1000));
    expect(addIntervals(jan31, 'week', 2)).toBe(jan31 + 14 * 86_400);
  });
});
