/**
 * A local stand-in for the Stripe API (v1, API version of the installed `stripe` SDK), strict the
 * way Stripe is: Bearer secret key, form-encoded bracket-notation bodies, Stripe's error JSON,
 * idempotency keys, Stripe-shaped objects and ids. It hosts a Checkout page (pay, decline, back),
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
import type { PriceInput } from './fake-stripe/objects.js';
import { checkoutPage, notFoundPage, portalPage, type CheckoutLine } from './fake-stripe/pages.js';
import {
  IdempotencyStore,
  parseParams,
  readBody,
  sendJson,
  stripeId,
  StripeApiError,
  type Params,
} from './fake-stripe/protocol.js';
import { createStore, snapshot, type CheckoutOrder, type PendingEvent, type RenewOrder } from './fake-stripe/store.js';

export type { PriceInput } from './fake-stripe/objects.js';
export type { CheckoutOrder, RenewOrder } from './fake-stripe/store.js';

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go; may be set later with setWebhookUrl once the app's port is known. */
  webhookUrl?: string;
  /** Milliseconds, default Date.now: object times and webhook signature timestamps follow it. */
  now?: () => number;
  /**
   * Milliseconds for the signature's `t=` alone, default `now`. For an app that checks the
   * signature's age against the real clock while the test moves its own.
   */
  signatureNow?: () => number;
  /** Prices to know up front, for `line_items[][price]`. */
  prices?: PriceInput[];
  /** Event order when a session completes from the hosted page (default 'invoice-first'). */
  checkoutOrder?: CheckoutOrder;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  query: Params;
  form: Params;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  status: number;
  /** The answer came from the idempotency store. */
  replayed: boolean;
}

export type SignatureMode = 'valid' | 'bad' | 'stale' | 'missing';

export interface FakeStripeDelivery {
  event: Stripe.Event;
  signature: SignatureMode;
  /** The app's HTTP status, or 0 when nothing answered (see `error`). */
  status: number;
  body: string;
  error?: string;
}

export interface DeliverOptions {
  signature?: SignatureMode;
  /** Unix seconds for the `t=` of the signature; default the fake's clock (10 minutes earlier if stale). */
  timestamp?: number;
}

export interface BuildEventOptions {
  previousAttributes?: Record<string, unknown>;
  request?: { id: string | null; idempotency_key: string | null };
}

export interface CheckoutResult {
  session: Stripe.Checkout.Session;
  paymentIntent?: Stripe.PaymentIntent;
  charge?: Stripe.Charge;
  subscription?: Stripe.Subscription;
  invoice?: Stripe.Invoice;
  deliveries: FakeStripeDelivery[];
}

export interface FakeStripe {
  /** Base URL for STRIPE_API_BASE, e.g. http://127.0.0.1:41234 */
  url: string;
  setWebhookUrl(url: string | undefined): void;
  setCheckoutOrder(order: CheckoutOrder): void;
  close(): Promise<void>;

  customers: ReadonlyMap<string, Stripe.Customer>;
  sessions: ReadonlyMap<string, Stripe.Checkout.Session>;
  subscriptions: ReadonlyMap<string, Stripe.Subscription>;
  invoices: ReadonlyMap<string, Stripe.Invoice>;
  invoicePayments: ReadonlyMap<string, Stripe.InvoicePayment>;
  paymentIntents: ReadonlyMap<string, Stripe.PaymentIntent>;
  charges: ReadonlyMap<string, Stripe.Charge>;
  refunds: ReadonlyMap<string, Stripe.Refund>;
  disputes: ReadonlyMap<string, Stripe.Dispute>;
  portalSessions: ReadonlyMap<string, Stripe.BillingPortal.Session>;
  /** Every `/v1` request, refused ones included, oldest first. */
  requests: FakeStripeRequest[];
  /** Every event the fake emitted (not those made with buildEvent), oldest first. */
  events: Stripe.Event[];
  /** Every webhook delivery attempt with the app's answer, oldest first. */
  sentDeliveries: FakeStripeDelivery[];

  addPrice(input: PriceInput): Stripe.Price;
  /** Pays an open session as the hosted page's Pay button does; resolves once the app answered each webhook. */
  completeCheckout(sessionId: string, options?: { order?: CheckoutOrder }): Promise<CheckoutResult>;
  expireSession(sessionId: string): Promise<{ session: Stripe.Checkout.Session; deliveries: FakeStripeDelivery[] }>;
  /** The next period: a paid `subscription_cycle` invoice, `invoice.paid` and `customer.subscription.updated`. */
  renew(
    subscriptionId: string,
    options?: { order?: RenewOrder },
  ): Promise<{
    subscription: Stripe.Subscription;
    invoice: Stripe.Invoice;
    paymentIntent: Stripe.PaymentIntent;
    charge: Stripe.Charge;
    deliveries: FakeStripeDelivery[];
  }>;
  /** Refunds `amountCents` (default: all that is left) of the payment's charge; `charge.refunded`. */
  refund(
    paymentIntentId: string,
    amountCents?: number,
  ): Promise<{ charge: Stripe.Charge; refund: Stripe.Refund; deliveries: FakeStripeDelivery[] }>;
  dispute(
    paymentIntentId: string,
    options?: { reason?: string; amountCents?: number },
  ): Promise<{ dispute: Stripe.Dispute; deliveries: FakeStripeDelivery[] }>;
  closeDispute(
    disputeId: string,
    outcome: 'won' | 'lost',
  ): Promise<{ dispute: Stripe.Dispute; deliveries: FakeStripeDelivery[] }>;
  /** Stripe ends the subscription (period end after cancel_at_period_end, failed payments…): `customer.subscription.deleted`. */
  endSubscription(
    subscriptionId: string,
    options?: { reason?: Stripe.Subscription.CancellationDetails.Reason },
  ): Promise<{ subscription: Stripe.Subscription; deliveries: FakeStripeDelivery[] }>;
  buildEvent(
    type: Stripe.Event.Type,
    object: { id: string; object: string },
    options?: BuildEventOptions,
  ): Stripe.Event;
  /** Sends one event, raw, after any deliveries already queued. */
  deliver(event: Stripe.Event, options?: DeliverOptions): Promise<FakeStripeDelivery>;
  /** Resolves once webhooks triggered by API calls (subscriptions.update, cancel…) have been answered. */
  idle(): Promise<void>;
}

function authorized(header: string | undefined, secretKey: string): boolean {
  if (!header) return false;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme === 'Bearer') return value === secretKey;
  // Stripe also takes the key as the Basic-auth user name (curl -u sk_test_…:).
  if (scheme === 'Basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0] === secretKey;
  return false;
}

function authError(header: string | undefined): StripeApiError {
  if (!header) {
    return new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
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
  let webhookUrl = options.webhookUrl;
  let checkoutOrder: CheckoutOrder = options.checkoutOrder ?? 'invoice-first';
  const store = createStore(nowSec, () => baseUrl);
  for (const price of options.prices ?? []) store.addPrice(price);
  const idempotency = new IdempotencyStore();
  const requests: FakeStripeRequest[] = [];
  const events: Stripe.Event[] = [];
  const sentDeliveries: FakeStripeDelivery[] = [];
  const declined = new Set<string>();

  const buildEvent = (type: Stripe.Event.Type, object: { id: string; object: string }, opts: BuildEventOptions = {}) =>
    ({
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSec(),
      data: {
        object: snapshot(object),
        ...(opts.previousAttributes ? { previous_attributes: snapshot(opts.previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: opts.request ?? { id: null, idempotency_key: null },
      type,
    }) as Stripe.Event;

  const emit = (pending: PendingEvent[], request?: BuildEventOptions['request']): Stripe.Event[] =>
    pending.map((p) => {
      const event = buildEvent(p.type, p.object, { previousAttributes: p.previous, request });
      events.push(event);
      return event;
    });

  const send = async (event: Stripe.Event, opts: DeliverOptions = {}): Promise<FakeStripeDelivery> => {
    const signature = opts.signature ?? 'valid';
    const payload = JSON.stringify(event, null, 2);
    const signedAt = Math.floor((options.signatureNow ?? nowMs)() / 1000);
    const timestamp = opts.timestamp ?? (signature === 'stale' ? signedAt - 600 : signedAt);
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'cache-control': 'no-cache',
    };
    if (signature !== 'missing') {
      const secret = signature === 'bad' ? `${options.webhookSecret}_not_it` : options.webhookSecret;
      headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    }
    let delivery: FakeStripeDelivery;
    if (!webhookUrl) {
      delivery = { event, signature, status: 0, body: '', error: 'no webhookUrl set' };
    } else {
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers,
          body: payload,
          signal: AbortSignal.timeout(20_000),
        });
        delivery = { event, signature, status: response.status, body: await response.text() };
      } catch (error) {
        delivery = {
          event,
          signature,
          status: 0,
          body: '',
          error: error instanceof Error ? error.message : String(error),
        };
      }
    }
    sentDeliveries.push(delivery);
    return delivery;
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

  const completeCheckout = async (sessionId: string, opts: { order?: CheckoutOrder } = {}): Promise<CheckoutResult> => {
    const { events: pending, ...result } = store.completeCheckout(sessionId, opts.order ?? checkoutOrder);
    declined.delete(sessionId);
    return { ...result, deliveries: await deliverAll(emit(pending)) };
  };

  const handleApiRequest = async (req: IncomingMessage, res: ServerResponse, path: string, query: string) => {
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const form = method === 'POST' ? parseParams(raw) : {};
    const queryParams = parseParams(query);
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const stripeVersion = req.headers['stripe-version'] as string | undefined;
    const requestId = stripeId('req', 14);
    const record: FakeStripeRequest = {
      method,
      path,
      query: queryParams,
      form,
      idempotencyKey,
      stripeVersion,
      status: 0,
      replayed: false,
    };
    requests.push(record);
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': stripeVersion ?? Stripe.API_VERSION,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      record.status = status;
      sendJson(res, status, body, { ...headers, ...extra });
    };
    const params = method === 'POST' ? form : queryParams;
    const fingerprint = IdempotencyStore.fingerprint(method, path, params);
    try {
      const authorization = req.headers.authorization;
      if (!authorized(authorization, options.secretKey)) throw authError(authorization);
      if (stripeVersion !== undefined && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(stripeVersion)) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Invalid Stripe API version: ${stripeVersion}`,
          'api_version_invalid',
          undefined,
          true,
        );
      }
      if (idempotencyKey) {
        const stored = idempotency.lookup(idempotencyKey, fingerprint);
        if (stored) {
          record.replayed = true;
          return answer(stored.status, stored.body, {
            'idempotent-replayed': 'true',
            'original-request': stored.requestId,
          });
        }
      }
      const result = handleApi(store, { method, path, params, nowSec: nowSec(), baseUrl });
      const body = snapshot(result.body);
      if (idempotencyKey) idempotency.save(idempotencyKey, { fingerprint, status: result.status, body, requestId });
      const emitted = emit(result.events, { id: requestId, idempotency_key: idempotencyKey ?? null });
      answer(result.status, body);
      // Stripe answers the API call first and sends the webhooks on their own afterwards.
      if (emitted.length > 0) setImmediate(() => void deliverAll(emitted));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      const body = error.body(requestId);
      if (idempotencyKey && !error.beforeExecution && error.status !== 401) {
        idempotency.save(idempotencyKey, { fingerprint, status: error.status, body, requestId });
      }
      answer(error.status, body, error.type === 'idempotency_error' ? { 'stripe-should-retry': 'false' } : {});
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
      recurring: record.price.recurring
        ? `every ${record.price.recurring.interval_count > 1 ? `${record.price.recurring.interval_count} ` : ''}${record.price.recurring.interval}${record.price.recurring.interval_count > 1 ? 's' : ''}`
        : null,
    }));

  const handlePage = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    await readBody(req);
    const checkout = /^\/checkout\/([^/]+)(?:\/(pay|decline|cancel))?$/.exec(path);
    const portal = /^\/billing-portal\/([^/]+)$/.exec(path);
    if (checkout) {
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
    }
    if (portal && req.method === 'GET') {
      const session = store.portalSessions.get(decodeURIComponent(portal[1]!));
      return session ? html(res, 200, portalPage(session)) : html(res, 404, notFoundPage());
    }
    html(res, 404, notFoundPage());
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
    setCheckoutOrder(order) {
      checkoutOrder = order;
    },
    customers: store.customers,
    sessions: store.sessions,
    subscriptions: store.subscriptions,
    invoices: store.invoices,
    invoicePayments: store.invoicePayments,
    paymentIntents: store.paymentIntents,
    charges: store.charges,
    refunds: store.refunds,
    disputes: store.disputes,
    portalSessions: store.portalSessions,
    requests,
    events,
    sentDeliveries,
    addPrice: store.addPrice,
    completeCheckout,
    async expireSession(sessionId) {
      const { events: pending, session } = store.expireSession(sessionId);
      return { session, deliveries: await deliverAll(emit(pending)) };
    },
    async renew(subscriptionId, opts = {}) {
      const { events: pending, ...result } = store.renew(subscriptionId, opts.order ?? 'invoice-first');
      return { ...result, deliveries: await deliverAll(emit(pending)) };
    },
    async refund(paymentIntentId, amountCents) {
      const { events: pending, ...result } = store.refund(paymentIntentId, amountCents);
      return { ...result, deliveries: await deliverAll(emit(pending)) };
    },
    async dispute(paymentIntentId, opts = {}) {
      const { events: pending, dispute } = store.dispute(
        paymentIntentId,
        opts.reason ?? 'fraudulent',
        opts.amountCents,
      );
      return { dispute, deliveries: await deliverAll(emit(pending)) };
    },
    async closeDispute(disputeId, outcome) {
      const { events: pending, dispute } = store.closeDispute(disputeId, outcome);
      return { dispute, deliveries: await deliverAll(emit(pending)) };
    },
    async endSubscription(subscriptionId, opts = {}) {
      const reason = opts.reason ?? 'cancellation_requested';
      const { events: pending, subscription } = store.endSubscription(subscriptionId, reason);
      return { subscription, deliveries: await deliverAll(emit(pending)) };
    },
    buildEvent: (type, object, opts) => buildEvent(type, object, opts),
    deliver: (event, opts) => enqueue(() => send(event, opts)),
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
