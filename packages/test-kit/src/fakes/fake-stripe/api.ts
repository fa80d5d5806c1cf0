/**
 * The `/v1` endpoints the app uses, validating parameters the way Stripe does (unknown
 * parameters, missing ones, unknown ids) so an integration mistake fails here as it would live.
 */
import type Stripe from 'stripe';
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
import { snapshot, type PendingEvent, type Store } from './store.js';

export interface ApiResult {
  status: number;
  body: unknown;
  events: PendingEvent[];
}

const ok = (body: unknown, events: PendingEvent[] = []): ApiResult => ({ status: 200, body, events });

const INTERVAL_LIMIT: Record<build.Interval, number> = { day: 365, week: 52, month: 12, year: 1 };

function only(params: Params, allowed: string[]): void {
  for (const key of Object.keys(params)) {
    if (key !== 'expand' && !allowed.includes(key)) {
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

/** Expands top-level id fields the way `expand[]=subscription` does. */
function expand(
  store: Store,
  object: Record<string, unknown>,
  params: Params,
  lines?: () => Stripe.LineItem[],
): unknown {
  const paths = params.expand;
  if (paths === undefined) return object;
  const out = snapshot(object);
  const lookups: Record<string, ReadonlyMap<string, unknown>> = {
    customer: store.customers,
    subscription: store.subscriptions,
    payment_intent: store.paymentIntents,
    invoice: store.invoices,
    latest_invoice: store.invoices,
    latest_charge: store.charges,
    charge: store.charges,
  };
  for (const path of Array.isArray(paths) ? paths : [paths]) {
    if (typeof path === 'string' && path === 'line_items' && lines) {
      const data = lines();
      out.line_items = {
        object: 'list',
        data: snapshot(data),
        has_more: false,
        url: `/v1/checkout/sessions/${String(object.id)}/line_items`,
      };
      continue;
    }
    const map = typeof path === 'string' ? lookups[path] : undefined;
    if (!map || !(typeof path === 'string' && path in object)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This property cannot be expanded (${typeof path === 'string' ? path : JSON.stringify(path)}).`,
        undefined,
        undefined,
        true,
      );
    }
    const id = object[path];
    if (typeof id === 'string') out[path] = snapshot(map.get(id));
  }
  return out;
}

function createCheckoutSession(store: Store, params: Params, now: number, baseUrl: string): ApiResult {
  const id = stripeId('cs_test', 58);
  only(params, [
    'mode',
    'customer',
    'customer_email',
    'client_reference_id',
    'metadata',
    'line_items',
    'subscription_data',
    'payment_intent_data',
    'success_url',
    'cancel_url',
    'payment_method_types',
    'locale',
    'allow_promotion_codes',
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
    const productName = product ? str(product, 'name') : str(data, 'product');
    if (!product && !productName) throw missingParam(`${at}[price_data][product_data]`);
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
    const price = store.addPrice({ unitAmount, currency: currency.toLowerCase(), productName, recurring });
    return { record: store.prices.get(price.id)!, quantity };
  });

  const recurringLines = lines.filter((line) => line.record.price.recurring);
  if (mode === 'payment' && recurringLines.length > 0) {
    throw invalidParam(
      'line_items',
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
    );
  }
  if (mode === 'subscription') {
    if (recurringLines.length === 0) {
      throw invalidParam(
        'line_items',
        'You must provide at least one recurring price in `subscription` mode when using prices.',
      );
    }
    if (recurringLines.length !== lines.length) {
      throw invalidParam('line_items', 'fake-stripe: one-time items in `subscription` mode are not modelled.');
    }
    const key = (p: Stripe.Price) => `${p.recurring!.interval}/${p.recurring!.interval_count}`;
    if (new Set(lines.map((line) => key(line.record.price))).size > 1) {
      throw invalidParam('line_items', 'Checkout does not support multiple prices with different billing intervals.');
    }
  }
  const currencies = new Set(lines.map((line) => line.record.price.currency));
  if (currencies.size > 1)
    throw invalidParam('line_items', 'All prices on a Checkout Session must use the same currency.');
  const currency = [...currencies][0]!;
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
  if (subscriptionData) only(subscriptionData, ['metadata', 'description']);
  const intentData = obj(params, 'payment_intent_data');
  if (intentData) only(intentData, ['metadata', 'description', 'receipt_email', 'statement_descriptor_suffix']);

  const session = build.checkoutSession(now, {
    id,
    url: `${baseUrl}/checkout/${id}`,
    mode,
    customer,
    customerEmail: str(params, 'customer_email') ?? null,
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
    paymentIntentDescription: intentData ? (str(intentData, 'description') ?? null) : null,
  });
  return ok(session);
}

const COLLECTIONS = [
  'customers',
  'checkout/sessions',
  'billing_portal/sessions',
  'subscriptions',
  'invoice_payments',
  'invoices',
  'payment_intents',
  'charges',
  'disputes',
  'prices',
];

/** `POST /v1/checkout/sessions/cs_…/expire` → `{ route: 'POST /checkout/sessions/:id/expire', id: 'cs_…' }`. */
function routeOf(method: string, path: string): { route: string; id: string } {
  const rest = path.replace(/^\/v1\//, '');
  for (const collection of COLLECTIONS) {
    if (rest === collection) return { route: `${method} /${collection}`, id: '' };
    if (rest.startsWith(`${collection}/`)) {
      const [id = '', ...action] = rest.slice(collection.length + 1).split('/');
      return { route: [`${method} /${collection}/:id`, ...action].join('/'), id: decodeURIComponent(id) };
    }
  }
  return { route: `${method} ${path}`, id: '' };
}

export interface ApiContext {
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
  const get = <T>(map: ReadonlyMap<string, T>, kind: string): T => {
    const found = map.get(id);
    if (!found) throw noSuch(kind, id);
    return found;
  };

  switch (route) {
    case 'POST /customers': {
      only(params, ['metadata', 'email', 'name', 'description', 'phone']);
      const created = store.createCustomer(metadata(params, 'metadata'), str(params, 'email') ?? null);
      if (str(params, 'name')) created.name = str(params, 'name')!;
      return ok(created);
    }
    case 'GET /customers/:id':
      return ok(expand(store, get(store.customers, 'customer') as never, params));
    case 'POST /checkout/sessions':
      return createCheckoutSession(store, params, ctx.nowSec, ctx.baseUrl);
    case 'GET /checkout/sessions/:id': {
      const session = get(store.sessions, 'checkout.session');
      const extras = store.sessionExtras.get(session.id)!;
      return ok(
        expand(store, session as never, params, () =>
          extras.lines.map((line) => build.lineItem(line.record, line.quantity)),
        ),
      );
    }
    case 'POST /checkout/sessions/:id/expire': {
      const session = get(store.sessions, 'checkout.session');
      if (session.status !== 'open') {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      }
      const { events } = store.expireSession(session.id);
      return ok(session, events);
    }
    case 'POST /billing_portal/sessions': {
      only(params, ['customer', 'return_url', 'configuration', 'locale']);
      const customer = str(params, 'customer');
      if (!customer) throw missingParam('customer');
      if (!store.customers.has(customer)) throw noSuch('customer', customer, 'customer');
      return ok(store.createPortalSession(customer, url(params, 'return_url')));
    }
    case 'GET /subscriptions/:id':
      return ok(expand(store, get(store.subscriptions, 'subscription') as never, params));
    case 'POST /subscriptions/:id': {
      only(params, ['cancel_at_period_end', 'metadata', 'cancellation_details']);
      const sub = get(store.subscriptions, 'subscription');
      const cancelAtPeriodEnd = bool(params.cancel_at_period_end, 'cancel_at_period_end');
      if (sub.status === 'canceled' && cancelAtPeriodEnd !== undefined) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      const before = snapshot({ metadata: sub.metadata });
      const events = cancelAtPeriodEnd === undefined ? [] : store.setCancelAtPeriodEnd(sub, cancelAtPeriodEnd);
      const meta = obj(params, 'metadata');
      if (meta) {
        for (const [key, value] of Object.entries(meta)) {
          if (value === '') delete sub.metadata[key];
          else if (typeof value === 'string') sub.metadata[key] = value;
        }
        if (JSON.stringify(before.metadata) !== JSON.stringify(sub.metadata)) {
          const event = events[0];
          if (event) event.previous = { ...event.previous, ...before };
          else events.push({ type: 'customer.subscription.updated', object: sub, previous: before });
        }
      }
      return ok(sub, events);
    }
    case 'DELETE /subscriptions/:id': {
      only(params, ['invoice_now', 'prorate', 'cancellation_details']);
      const sub = get(store.subscriptions, 'subscription');
      if (sub.status === 'canceled') throw noSuch('subscription', id);
      const { events } = store.endSubscription(sub.id, 'cancellation_requested');
      return ok(sub, events);
    }
    case 'GET /invoice_payments': {
      only(params, ['payment', 'invoice', 'status', 'limit', 'starting_after', 'ending_before']);
      const payment = obj(params, 'payment');
      if (payment && !str(payment, 'type')) throw missingParam('payment[type]');
      const limit = integer(params.limit, 'limit') ?? 10;
      const data = [...store.invoicePayments.values()]
        .filter((p) => !str(params, 'invoice') || p.invoice === str(params, 'invoice'))
        .filter((p) => !str(params, 'status') || p.status === str(params, 'status'))
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
    case 'GET /invoices/:id':
      return ok(expand(store, get(store.invoices, 'invoice') as never, params));
    case 'GET /payment_intents/:id':
      return ok(expand(store, get(store.paymentIntents, 'payment_intent') as never, params));
    case 'GET /charges/:id':
      return ok(expand(store, get(store.charges, 'charge') as never, params));
    case 'GET /disputes/:id':
      return ok(expand(store, get(store.disputes, 'dispute') as never, params));
    case 'GET /prices/:id':
      return ok(get(new Map([...store.prices].map(([key, record]) => [key, record.price])), 'price'));
    case 'GET /billing_portal/sessions/:id':
      return ok(get(store.portalSessions, 'billing_portal.session'));
    default:
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${ctx.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      );
  }
}
