/**
 * The `/v1` endpoints the app calls, with the parameters it sends, validated the way Stripe does
 * (missing parameters, unknown ids, values Stripe refuses) so an integration mistake fails here as
 * it would live. A parameter the fake does not model is refused as unknown, never ignored.
 */
import * as build from './objects.js';
import {
  invalidParam,
  metadataOf,
  missingParam,
  noSuch,
  obj,
  str,
  stripeId,
  StripeApiError,
  type Params,
  type ParamValue,
} from './protocol.js';
import type { PendingEvent, Store } from './store.js';

interface ApiResult {
  status: number;
  body: unknown;
  events: PendingEvent[];
}

const ok = (body: unknown, events: PendingEvent[] = []): ApiResult => ({ status: 200, body, events });

const INTERVAL_LIMIT: Record<build.Interval, number> = { day: 365, week: 52, month: 12, year: 1 };

function only(params: Params, allowed: string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Received unknown parameter: ${key}`,
        'parameter_unknown',
        key,
        true,
      );
    }
  }
}

function integer(value: ParamValue | undefined, param: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
      'parameter_invalid_integer',
      param,
      true,
    );
  }
  return Number(value);
}

function bool(value: ParamValue | undefined, param: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid boolean: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
      'parameter_invalid_boolean',
      param,
      true,
    );
  }
  return value === 'true';
}

function url(params: Params, name: string): string | null {
  const value = str(params, name);
  if (value === undefined) return null;
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // fall through to Stripe's error
  }
  throw new StripeApiError(400, 'invalid_request_error', 'Not a valid URL', 'url_invalid', name, true);
}

function metadata(params: Params, name: string, param = name): Record<string, string> {
  const values = metadataOf(params, name);
  for (const [key, value] of Object.entries(values)) {
    if (key.length > 40 || value.length > 500) {
      throw invalidParam(
        `${param}[${key}]`,
        'Metadata keys are limited to 40 characters and values to 500 characters.',
      );
    }
  }
  return values;
}

function createCheckoutSession(store: Store, params: Params, now: number, baseUrl: string): ApiResult {
  const id = stripeId('cs_test', 58);
  only(params, [
    'mode',
    'customer',
    'client_reference_id',
    'metadata',
    'line_items',
    'subscription_data',
    'payment_intent_data',
    'success_url',
    'cancel_url',
  ]);
  const mode = str(params, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'payment' && mode !== 'subscription') {
    throw invalidParam('mode', `Invalid mode: the fake models 'payment' and 'subscription', not '${mode}'.`);
  }
  const customer = str(params, 'customer') ?? null;
  if (customer && !store.customers.has(customer)) throw noSuch('customer', customer, 'customer');
  if (mode === 'payment' && params.subscription_data !== undefined) {
    throw invalidParam('subscription_data', 'You can not pass `subscription_data` in `payment` mode.');
  }
  if (mode === 'subscription' && params.payment_intent_data !== undefined) {
    throw invalidParam('payment_intent_data', 'You can not pass `payment_intent_data` in `subscription` mode.');
  }
  const clientReferenceId = str(params, 'client_reference_id') ?? null;
  if (clientReferenceId && clientReferenceId.length > 200) {
    throw invalidParam('client_reference_id', 'client_reference_id must be at most 200 characters.');
  }
  const rawLines = params.line_items;
  if (rawLines === undefined) throw missingParam('line_items');
  if (!Array.isArray(rawLines) || rawLines.length === 0) throw invalidParam('line_items', 'Invalid array');
  if (rawLines.length > 1) throw invalidParam('line_items', 'fake-stripe: one line item per session is modelled.');

  const lines = rawLines.map((raw, index) => {
    const at = `line_items[${index}]`;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidParam(at, 'Invalid object');
    only(raw, ['price', 'price_data', 'quantity']);
    const quantity = integer(raw.quantity, `${at}[quantity]`);
    if (quantity === undefined) throw missingParam(`${at}[quantity]`);
    if (quantity < 1) throw invalidParam(`${at}[quantity]`, 'Quantity must be at least 1.');
    const priceId = str(raw, 'price');
    const data = obj(raw, 'price_data');
    if (priceId && data) throw invalidParam(at, `You may only specify one of these parameters: price, price_data.`);
    if (priceId) {
      const record = store.prices.get(priceId);
      if (!record) throw noSuch('price', priceId, `${at}[price]`);
      return { record, quantity };
    }
    if (!data) throw invalidParam(at, `You must specify either \`price\` or \`price_data\` in \`${at}\`.`);
    const currency = str(data, 'currency');
    if (!currency) throw missingParam(`${at}[price_data][currency]`);
    const unitAmount = integer(data.unit_amount, `${at}[price_data][unit_amount]`);
    if (unitAmount === undefined) throw missingParam(`${at}[price_data][unit_amount]`);
    if (unitAmount < 0)
      throw invalidParam(`${at}[price_data][unit_amount]`, 'This value must be greater than or equal to 0.');
    const product = obj(data, 'product_data');
    if (!product) throw missingParam(`${at}[price_data][product_data]`);
    const productName = str(product, 'name');
    if (!productName) throw missingParam(`${at}[price_data][product_data][name]`);
    const recurringRaw = obj(data, 'recurring');
    let recurring: build.PriceInput['recurring'];
    if (recurringRaw) {
      const interval = str(recurringRaw, 'interval');
      if (!interval) throw missingParam(`${at}[price_data][recurring][interval]`);
      if (!Object.hasOwn(INTERVAL_LIMIT, interval)) {
        throw invalidParam(
          `${at}[price_data][recurring][interval]`,
          `Invalid interval: must be one of day, week, month, or year`,
        );
      }
      const count = integer(recurringRaw.interval_count, `${at}[price_data][recurring][interval_count]`) ?? 1;
      if (count < 1 || count > (INTERVAL_LIMIT[interval] ?? 0)) {
        throw invalidParam(`${at}[price_data][recurring][interval_count]`, 'The maximum billing interval is one year.');
      }
      recurring = { interval, interval_count: count };
    }
    return {
      record: store.addPrice({ unitAmount, currency: currency.toLowerCase(), productName, recurring }),
      quantity,
    };
  });

  const recurring = lines[0]!.record.price.recurring !== null;
  if (mode === 'payment' && recurring) {
    throw invalidParam(
      'line_items',
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
    );
  }
  if (mode === 'subscription' && !recurring) {
    throw invalidParam(
      'line_items',
      'You must provide at least one recurring price in `subscription` mode when using prices.',
    );
  }
  const currency = lines[0]!.record.price.currency;
  const amount = lines.reduce((sum, line) => sum + (line.record.price.unit_amount ?? 0) * line.quantity, 0);
  if (currency === 'usd' && amount > 0 && amount < 50) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      "The Checkout Session's total amount due must add up to at least $0.50 usd",
      'amount_too_small',
      undefined,
      true,
    );
  }
  const subscriptionData = obj(params, 'subscription_data');
  if (subscriptionData) only(subscriptionData, ['metadata']);
  const intentData = obj(params, 'payment_intent_data');
  if (intentData) only(intentData, ['metadata']);

  const session = build.checkoutSession(now, {
    id,
    url: `${baseUrl}/checkout/${id}`,
    mode,
    customer,
    clientReferenceId,
    metadata: metadata(params, 'metadata'),
    amount,
    currency,
    successUrl: url(params, 'success_url'),
    cancelUrl: url(params, 'cancel_url'),
  });
  store.sessions.set(id, session);
  store.sessionExtras.set(id, {
    lines,
    subscriptionMetadata: subscriptionData ? metadata(subscriptionData, 'metadata', 'subscription_data[metadata]') : {},
    paymentIntentMetadata: intentData ? metadata(intentData, 'metadata', 'payment_intent_data[metadata]') : {},
  });
  return ok(session);
}

/** `DELETE /v1/subscriptions/sub_…` → `{ route: 'DELETE /subscriptions/:id', id: 'sub_…' }`. */
function routeOf(method: string, path: string): { route: string; id: string } {
  const rest = path.replace(/^\/v1/, '');
  const subscription = /^\/subscriptions\/([^/]+)$/.exec(rest);
  if (subscription) return { route: `${method} /subscriptions/:id`, id: decodeURIComponent(subscription[1]!) };
  return { route: `${method} ${rest}`, id: '' };
}

interface ApiContext {
  method: string;
  path: string;
  params: Params;
  nowSec: number;
  baseUrl: string;
}

/** Routes one authenticated `/v1` request. Throws StripeApiError for Stripe's error answers. */
export function handleApi(store: Store, ctx: ApiContext): ApiResult {
  const { method, params } = ctx;
  const { route, id } = routeOf(method, ctx.path);
  const subscription = () => {
    const found = store.subscriptions.get(id);
    if (!found) throw noSuch('subscription', id);
    return found;
  };

  switch (route) {
    case 'POST /customers':
      only(params, ['metadata']);
      return ok(store.createCustomer(metadata(params, 'metadata')));
    case 'POST /checkout/sessions':
      return createCheckoutSession(store, params, ctx.nowSec, ctx.baseUrl);
    case 'POST /billing_portal/sessions': {
      only(params, ['customer', 'return_url']);
      const customer = str(params, 'customer');
      if (!customer) throw missingParam('customer');
      if (!store.customers.has(customer)) throw noSuch('customer', customer, 'customer');
      return ok(store.createPortalSession(customer, url(params, 'return_url')));
    }
    case 'POST /subscriptions/:id': {
      only(params, ['cancel_at_period_end']);
      const sub = subscription();
      const cancelAtPeriodEnd = bool(params.cancel_at_period_end, 'cancel_at_period_end');
      if (sub.status === 'canceled' && cancelAtPeriodEnd !== undefined) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      return ok(sub, cancelAtPeriodEnd === undefined ? [] : store.setCancelAtPeriodEnd(sub, cancelAtPeriodEnd));
    }
    case 'DELETE /subscriptions/:id': {
      only(params, []);
      const sub = subscription();
      if (sub.status === 'canceled') throw noSuch('subscription', id);
      return ok(sub, store.endSubscription(sub.id).events);
    }
    case 'POST /refunds': {
      only(params, ['payment_intent', 'amount', 'metadata']);
      const paymentIntent = str(params, 'payment_intent');
      if (!paymentIntent) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'One of the following params should be provided for this request: payment_intent or charge.',
          'parameter_missing',
          undefined,
          true,
        );
      }
      if (!store.paymentIntents.has(paymentIntent)) throw noSuch('payment_intent', paymentIntent, 'payment_intent');
      const amount = integer(params.amount, 'amount');
      if (amount !== undefined && amount < 1)
        throw invalidParam('amount', 'This value must be greater than or equal to 1.');
      const { refund, events } = store.createRefund(paymentIntent, amount, metadata(params, 'metadata'));
      return ok(refund, events);
    }
    case 'GET /invoice_payments': {
      only(params, ['invoice', 'payment', 'limit']);
      const payment = obj(params, 'payment');
      if (payment && !str(payment, 'type')) throw missingParam('payment[type]');
      const limit = integer(params.limit, 'limit') ?? 10;
      const data = [...store.invoicePayments.values()]
        .filter((p) => !str(params, 'invoice') || p.invoice === str(params, 'invoice'))
        .filter((p) => !payment || p.payment.type === str(payment, 'type'))
        .filter((p) => !str(payment, 'payment_intent') || p.payment.payment_intent === str(payment, 'payment_intent'))
        .reverse();
      return ok({
        object: 'list',
        data: data.slice(0, limit),
        has_more: data.length > limit,
        url: '/v1/invoice_payments',
      });
    }
    default:
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${ctx.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      );
  }
}
