/**
 * A local stand-in for the Stripe API (v1), for the calls the app's Stripe code makes through the
 * official `stripe` SDK (apps/server/src/services/payments/stripe-gateway.ts), strict the way
 * Stripe is: Bearer secret key, form-encoded bracket-notation bodies, Stripe's error JSON,
 * idempotency keys, Stripe-shaped objects and ids. It hosts a Checkout page (pay, decline, back)
 * and delivers webhooks signed with Stripe's real scheme. Used by the server tests and by the
 * browser e2e suite, so it imports nothing from the app; `stripe` itself only signs webhooks.
 *
 *   const stripe = await startFakeStripe({ secretKey: 'sk_test_…', webhookSecret: 'whsec_…' });
 *   env: { STRIPE_API_BASE: stripe.url, … }; later stripe.setWebhookUrl(`${app}/webhooks/stripe`)
 *   await stripe.completeCheckout(sessionId) // → webhooks answered by the app
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { handleApi } from './fake-stripe/api.js';
import type {
  FakeCharge,
  FakeCheckoutSession,
  FakeDispute,
  FakeInvoice,
  FakePaymentIntent,
  FakeRefund,
  FakeSubscription,
  PriceInput,
} from './fake-stripe/objects.js';
import { checkoutPage, notFoundPage, type CheckoutLine } from './fake-stripe/pages.js';
import { IdempotencyStore, parseParams, readBody, sendJson, stripeId, StripeApiError } from './fake-stripe/protocol.js';
import { createStore, snapshot, type PendingEvent } from './fake-stripe/store.js';

interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Milliseconds, default Date.now: object times and webhook signature timestamps follow it. */
  now?: () => number;
  /**
   * Milliseconds for the signature's `t=` alone, default `now`. For an app that checks the
   * signature's age against the real clock while the test moves its own.
   */
  signatureNow?: () => number;
  /** Prices to know up front, for `line_items[][price]` (a product sold at a Stripe price id). */
  prices?: PriceInput[];
}

interface FakeStripeRequest {
  method: string;
  path: string;
  status: number;
}

type SignatureMode = 'valid' | 'bad' | 'stale' | 'missing';

interface FakeStripeDelivery {
  event: Stripe.Event;
  /** The app's HTTP status, or 0 when nothing answered (see `error`). */
  status: number;
  body: string;
  error?: string;
}

interface CheckoutResult {
  session: FakeCheckoutSession;
  paymentIntent?: FakePaymentIntent;
  charge?: FakeCharge;
  subscription?: FakeSubscription;
  invoice?: FakeInvoice;
  deliveries: FakeStripeDelivery[];
}

export interface FakeStripe {
  /** Base URL for STRIPE_API_BASE, e.g. http://127.0.0.1:41234 */
  url: string;
  setWebhookUrl(url: string | undefined): void;
  close(): Promise<void>;

  sessions: ReadonlyMap<string, FakeCheckoutSession>;
  subscriptions: ReadonlyMap<string, FakeSubscription>;
  /** Every `/v1` request, refused ones included, oldest first. */
  requests: FakeStripeRequest[];
  /** Every event the fake emitted (not those made with buildEvent), oldest first. */
  events: Stripe.Event[];

  /**
   * Pays an open session as the hosted page's Pay button does; resolves once the app answered each
   * webhook. A subscription's events come as Stripe usually sends them: the subscription's and the
   * invoice's before the session's.
   */
  completeCheckout(sessionId: string): Promise<CheckoutResult>;
  expireSession(sessionId: string): Promise<{ session: FakeCheckoutSession; deliveries: FakeStripeDelivery[] }>;
  /** The next period: a paid `subscription_cycle` invoice, `invoice.paid` then `customer.subscription.updated`. */
  renew(subscriptionId: string): Promise<{
    subscription: FakeSubscription;
    invoice: FakeInvoice;
    paymentIntent: FakePaymentIntent;
    charge: FakeCharge;
    deliveries: FakeStripeDelivery[];
  }>;
  /**
   * A Dashboard refund of `amountCents` (default: all that is left) of the payment's charge:
   * `charge.refunded`, then `refund.created` for a refund without metadata.
   */
  refund(
    paymentIntentId: string,
    amountCents?: number,
  ): Promise<{ charge: FakeCharge; refund: FakeRefund; deliveries: FakeStripeDelivery[] }>;
  /** The bank returned a refund: `refund.failed` (the charge's refunded amount goes back down). */
  failRefund(refundId: string, reason?: string): Promise<{ deliveries: FakeStripeDelivery[] }>;
  /** Refunds made through `POST /v1/refunds` or `refund`, by id. */
  refunds: ReadonlyMap<string, FakeRefund>;
  /** The whole charge disputed: `charge.dispute.created`. */
  dispute(paymentIntentId: string): Promise<{ dispute: FakeDispute; deliveries: FakeStripeDelivery[] }>;
  /** Stripe ends the subscription (period end after cancel_at_period_end, failed payments…): `customer.subscription.deleted`. */
  endSubscription(
    subscriptionId: string,
  ): Promise<{ subscription: FakeSubscription; deliveries: FakeStripeDelivery[] }>;
  /** An event about any object, for a test to deliver as it is or altered. */
  buildEvent(type: Stripe.Event.Type, object: { id: string; object: string }): Stripe.Event;
  /** Sends one event, raw, after any deliveries already queued; `signature` other than 'valid' is one Stripe did not make. */
  deliver(event: Stripe.Event, options?: { signature?: SignatureMode }): Promise<FakeStripeDelivery>;
  /** Resolves once webhooks triggered by API calls (subscriptions.update, cancel…) have been answered. */
  idle(): Promise<void>;
}

function authError(header: string | undefined): StripeApiError {
  if (!header) {
    return new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const key = header.replace(/^\S+\s*/, '');
  const redacted = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '****';
  return new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${redacted}`, 'api_key_invalid');
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const nowMs = options.now ?? Date.now;
  const nowSec = () => Math.floor(nowMs() / 1000);
  let baseUrl = '';
  let webhookUrl: string | undefined;
  const store = createStore(nowSec, () => baseUrl);
  for (const price of options.prices ?? []) store.addPrice(price);
  const idempotency = new IdempotencyStore();
  const requests: FakeStripeRequest[] = [];
  const events: Stripe.Event[] = [];
  const declined = new Set<string>();

  // The fields the app and its SDK read of an event; Stripe's envelope carries more.
  const buildEvent = (type: Stripe.Event.Type, object: { id: string; object: string }) =>
    ({
      id: stripeId('evt'),
      object: 'event',
      created: nowSec(),
      data: { object: snapshot(object) },
      type,
    }) as unknown as Stripe.Event;

  const emit = (pending: PendingEvent[]): Stripe.Event[] =>
    pending.map((p) => {
      const event = buildEvent(p.type, p.object);
      events.push(event);
      return event;
    });

  const send = async (event: Stripe.Event, signature: SignatureMode = 'valid'): Promise<FakeStripeDelivery> => {
    const payload = JSON.stringify(event, null, 2);
    const signedAt = Math.floor((options.signatureNow ?? nowMs)() / 1000);
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (signature !== 'missing') {
      headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signature === 'bad' ? `${options.webhookSecret}_not_it` : options.webhookSecret,
        timestamp: signature === 'stale' ? signedAt - 600 : signedAt,
      });
    }
    if (!webhookUrl) return { event, status: 0, body: '', error: 'no webhookUrl set' };
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      return { event, status: response.status, body: await response.text() };
    } catch (error) {
      return { event, status: 0, body: '', error: error instanceof Error ? error.message : String(error) };
    }
  };

  // One delivery at a time, in emission order, so a test sees the app's answers in sequence.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  };
  const deliverAll = (list: Stripe.Event[]) =>
    enqueue(async () => {
      const out: FakeStripeDelivery[] = [];
      for (const event of list) out.push(await send(event));
      return out;
    });

  const completeCheckout = async (sessionId: string): Promise<CheckoutResult> => {
    const { events: pending, ...result } = store.completeCheckout(sessionId);
    declined.delete(sessionId);
    return { ...result, deliveries: await deliverAll(emit(pending)) };
  };

  const handleApiRequest = async (req: IncomingMessage, res: ServerResponse, path: string, query: string) => {
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const params = method === 'POST' ? parseParams(raw) : parseParams(query);
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const requestId = stripeId('req', 14);
    const record: FakeStripeRequest = { method, path, status: 0 };
    requests.push(record);
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      record.status = status;
      sendJson(res, status, body, { 'request-id': requestId, ...extra });
    };
    const fingerprint = IdempotencyStore.fingerprint(method, path, params);
    try {
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) throw authError(req.headers.authorization);
      if (idempotencyKey) {
        const stored = idempotency.lookup(idempotencyKey, fingerprint);
        if (stored) return answer(stored.status, stored.body, { 'idempotent-replayed': 'true' });
      }
      const result = handleApi(store, { method, path, params, nowSec: nowSec(), baseUrl });
      const body = snapshot(result.body);
      if (idempotencyKey) idempotency.save(idempotencyKey, { fingerprint, status: result.status, body });
      const emitted = emit(result.events);
      answer(result.status, body);
      // Stripe answers the API call first and sends the webhooks on their own afterwards.
      if (emitted.length > 0) setImmediate(() => void deliverAll(emitted));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      const body = error.body();
      if (idempotencyKey && !error.beforeExecution && error.status !== 401) {
        idempotency.save(idempotencyKey, { fingerprint, status: error.status, body });
      }
      answer(error.status, body);
    }
  };

  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location });
    res.end();
  };

  const checkoutLines = (sessionId: string): CheckoutLine[] =>
    (store.sessionExtras.get(sessionId)?.lines ?? []).map(({ record, quantity }) => ({
      name: record.productName,
      amount: (record.price.unit_amount ?? 0) * quantity,
      currency: record.price.currency,
      quantity,
    }));

  const handlePage = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    await readBody(req);
    const checkout = /^\/checkout\/([^/]+)(?:\/(pay|decline|cancel))?$/.exec(path);
    if (!checkout) return html(res, 404, notFoundPage());
    const id = decodeURIComponent(checkout[1]!);
    const action = checkout[2];
    const session = store.sessions.get(id);
    if (!session) return html(res, 404, notFoundPage());
    const render = () => html(res, 200, checkoutPage(session, checkoutLines(id), declined.has(id)));
    if (!action) return req.method === 'GET' ? render() : html(res, 405, notFoundPage());
    if (req.method !== 'POST') return html(res, 405, notFoundPage());
    if (session.status !== 'open') return render();
    if (action === 'decline') {
      declined.add(id);
      return render();
    }
    if (action === 'cancel') return session.cancel_url ? redirect(res, session.cancel_url) : render();
    await completeCheckout(id);
    if (!session.success_url) return html(res, 200, '<!doctype html><p>Payment complete.</p>');
    return redirect(res, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id));
  };

  const server = createServer((req, res) => {
    const [path = '/', query = ''] = (req.url ?? '/').split('?', 2);
    const handler = path.startsWith('/v1/') ? handleApiRequest(req, res, path, query) : handlePage(req, res, path);
    handler.catch((error: unknown) => {
      if (res.headersSent) return;
      sendJson(res, 500, {
        error: { type: 'api_error', message: `fake-stripe: ${error instanceof Error ? error.message : String(error)}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    sessions: store.sessions,
    subscriptions: store.subscriptions,
    requests,
    events,
    completeCheckout,
    async expireSession(sessionId) {
      const { events: pending, session } = store.expireSession(sessionId);
      return { session, deliveries: await deliverAll(emit(pending)) };
    },
    async renew(subscriptionId) {
      const { events: pending, ...result } = store.renew(subscriptionId);
      return { ...result, deliveries: await deliverAll(emit(pending)) };
    },
    async refund(paymentIntentId, amountCents) {
      const { events: pending, charge, refund } = store.refund(paymentIntentId, amountCents);
      return { charge, refund, deliveries: await deliverAll(emit(pending)) };
    },
    async failRefund(refundId, reason = 'expired_or_canceled_card') {
      const { events: pending } = store.failRefund(refundId, reason);
      return { deliveries: await deliverAll(emit(pending)) };
    },
    refunds: store.refunds,
    async dispute(paymentIntentId) {
      const { events: pending, dispute } = store.dispute(paymentIntentId);
      return { dispute, deliveries: await deliverAll(emit(pending)) };
    },
    async endSubscription(subscriptionId) {
      const { events: pending, subscription } = store.endSubscription(subscriptionId);
      return { subscription, deliveries: await deliverAll(emit(pending)) };
    },
    buildEvent,
    deliver: (event, opts = {}) => enqueue(() => send(event, opts.signature)),
    async idle() {
      // API-triggered deliveries join the queue on the next turn; wait until no more arrive.
      let seen: Promise<unknown> | undefined;
      while (seen !== queue) {
        seen = queue;
        await seen;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    close() {
      return new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
