import { Code, type CoinPack, type MemberPlan } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX, CONSOLE_TOTP_HEADER, type ConsoleProduct } from '@cliffhanger/contract/console';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/payments.schema.js';
import { operatorAuditLog, users } from '../../src/db/schema.js';
import { envelope } from '../helpers/accounts.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** VIP plans and coin packs from the console: money actions behind a fresh TOTP code, audited. */
let t: TestApp;
const clock = new TestClock();
const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;
let finance: ConsoleOperator;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  finance = await signedInOperator(t.app, clock, 'finance');
});
afterAll(async () => {
  await t?.close();
});

/** A money action by `operator` with a code fresh from its authenticator. */
const money = (operator: ConsoleOperator) => consoleHeaders(operator, { [CONSOLE_TOTP_HEADER]: operator.freshCode() });

const update = (id: string, changes: unknown, reason = 'price review', operator = finance) =>
  t.app.inject({ method: 'PUT', url: url(`/products/${id}`), headers: money(operator), payload: { changes, reason } });

const create = (id: string, changes: unknown, reason = 'new pack') =>
  t.app.inject({ method: 'POST', url: url('/products'), headers: money(finance), payload: { id, changes, reason } });

const remove = (id: string, reason = 'never sold') =>
  t.app.inject({ method: 'DELETE', url: url(`/products/${id}`), headers: money(finance), payload: { reason } });

const list = async () =>
  envelope<ConsoleProduct[]>(
    await t.app.inject({ method: 'GET', url: url('/products'), headers: consoleHeaders(finance) }),
  ).data;

const packs = async () => envelope<CoinPack[]>(await t.app.inject({ method: 'GET', url: '/api/v1/coin/type' })).data;
const plans = async () =>
  envelope<MemberPlan[]>(await t.app.inject({ method: 'GET', url: '/api/v1/member/type?pay_channel=stripe' })).data;

const lastAudit = async (target: string) => {
  const [entry] = await t.app.database.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.target, target))
    .orderBy(desc(operatorAuditLog.id))
    .limit(1);
  return entry;
};

describe('listing', () => {
  it('lists every plan and pack in display order, on sale or not, with whether it was ordered', async () => {
    const products = await list();
    expect(products.map((p) => p.id)).toEqual([
      'vip_week',
      'vip_month',
      'vip_quarter',
      'vip_year',
      'coins_100',
      'coins_500',
      'coins_1000',
      'coins_2000',
      'coins_5000',
    ]);
    expect(products[1]).toMatchObject({
      kind: 'vip',
      period: 'month',
      price_cents: 1499,
      apple_product_id: 'cliffhanger.vip.month',
      active: true,
      has_orders: false,
    });
  });
});

describe('changing a product', () => {
  it('changes a price and bonus; the coin store shows them at once; audited before and after', async () => {
    await packs(); // a viewer's read first, so a cache (if one existed) would hold the old terms
    const response = await update('coins_500', { price_cents: 449, bonus_coins: 75 });
    expect(response.statusCode).toBe(200);
    expect(envelope<ConsoleProduct>(response).data).toMatchObject({
      id: 'coins_500',
      price_cents: 449,
      bonus_coins: 75,
    });
    expect((await packs()).find((p) => p.id === 'coins_500')).toMatchObject({ price_cents: 449, bonus_coins: 75 });
    expect(await lastAudit('product:coins_500')).toMatchObject({
      operatorId: finance.id,
      action: 'product.update',
      before: { price_cents: 499, bonus_coins: 50, coins: 500 },
      after: { price_cents: 449, bonus_coins: 75, coins: 500 },
      reason: 'price review',
    });
  });

  it('sets and clears store ids, and takes a plan off sale; the VIP page follows', async () => {
    const response = await update('vip_week', {
      stripe_price_id: 'price_1QabcDEF',
      apple_product_id: null,
      active: false,
    });
    expect(envelope<ConsoleProduct>(response).data).toMatchObject({
      stripe_price_id: 'price_1QabcDEF',
      apple_product_id: null,
      active: false,
    });
    expect((await plans()).map((p) => p.id)).not.toContain('vip_week');
    await update('vip_week', { active: true, price_cents: 599 });
    expect((await plans()).find((p) => p.id === 'vip_week')).toMatchObject({ price_cents: 599 });
  });

  it.each([
    ['a price of 0', 'coins_100', { price_cents: 0 }, 'body.changes.price_cents'],
    ['a price in fractions of a cent', 'coins_100', { price_cents: 1.5 }, 'body.changes.price_cents'],
    ['negative bonus coins', 'coins_100', { bonus_coins: -1 }, 'body.changes.bonus_coins'],
    ['a Stripe id that is not a price', 'coins_100', { stripe_price_id: 'prod_123' }, 'body.changes.stripe_price_id'],
    ['an App Store id with spaces', 'coins_100', { apple_product_id: 'coins 100' }, 'body.changes.apple_product_id'],
    ['a field it does not have', 'coins_100', { colour: 'red' }, 'body.changes'],
    ['another kind', 'coins_100', { kind: 'vip' }, 'changes.kind'],
    ['coins on a VIP plan', 'vip_month', { coins: 100 }, 'changes.coins'],
    ['a period on a coin pack', 'coins_100', { period: 'week' }, 'changes.period'],
  ])('refuses %s with 10001 naming the field, changing nothing', async (_, id, changes, field) => {
    const before = await list();
    const response = await update(id, changes);
    expect(response.statusCode).toBe(400);
    const body = envelope<{ fields: { field: string }[] }>(response);
    expect(body.code).toBe(Code.INVALID_INPUT);
    expect(body.data.fields.map((f) => f.field)).toContain(field);
    expect(await list()).toEqual(before);
  });

  it('refuses an App Store id another product has with 80013', async () => {
    const response = await update('coins_100', { apple_product_id: 'cliffhanger.coins.1000' });
    expect(response.statusCode).toBe(409);
    expect(envelope(response).code).toBe(Code.PRODUCT_APPLE_ID_TAKEN);
    expect((await list()).find((p) => p.id === 'coins_100')?.apple_product_id).toBe('cliffhanger.coins.100');
  });

  it('answers 10002 for a product that does not exist', async () => {
    const response = await update('coins_777', { price_cents: 100 });
    expect(response.statusCode).toBe(404);
    expect(envelope(response).code).toBe(Code.NOT_FOUND);
  });

  it('records nothing when nothing changes', async () => {
    const before = await lastAudit('product:coins_1000');
    expect((await update('coins_1000', { price_cents: 999 })).statusCode).toBe(200);
    expect(await lastAudit('product:coins_1000')).toEqual(before);
  });
});

describe('adding and deleting', () => {
  it('adds a coin pack the store lists at once, and refuses its id a second time with 80012', async () => {
    const response = await create('coins_300', {
      kind: 'coins',
      coins: 300,
      bonus_coins: 20,
      price_cents: 299,
      sort: 115,
    });
    expect(response.statusCode).toBe(200);
    expect(envelope<ConsoleProduct>(response).data).toMatchObject({ id: 'coins_300', active: true, has_orders: false });
    expect((await packs()).map((p) => p.id).indexOf('coins_300')).toBe(1);
    expect(await lastAudit('product:coins_300')).toMatchObject({ action: 'product.create', before: null });

    const again = await create('coins_300', { kind: 'coins', coins: 1, price_cents: 1 });
    expect(again.statusCode).toBe(409);
    expect(envelope(again).code).toBe(Code.PRODUCT_ID_TAKEN);
  });

  it.each([
    ['no kind', { price_cents: 100, coins: 10 }, 'changes.kind'],
    ['no price', { kind: 'coins', coins: 10 }, 'changes.price_cents'],
    ['a plan without a period', { kind: 'vip', price_cents: 100 }, 'changes.period'],
    ['a pack without coins', { kind: 'coins', price_cents: 100 }, 'changes.coins'],
  ])('refuses a new product with %s', async (_, changes, field) => {
    const response = await create('coins_new', changes);
    expect(envelope<{ fields: { field: string }[] }>(response).data.fields.map((f) => f.field)).toContain(field);
    expect((await list()).map((p) => p.id)).not.toContain('coins_new');
  });

  it('refuses a malformed product id', async () => {
    const response = await create('Coins-Big', { kind: 'coins', coins: 10, price_cents: 100 });
    expect(envelope(response).code).toBe(Code.INVALID_INPUT);
  });

  it('deletes a product nobody ordered, audited', async () => {
    const response = await remove('coins_300');
    expect(response.statusCode).toBe(200);
    expect((await list()).map((p) => p.id)).not.toContain('coins_300');
    expect(await lastAudit('product:coins_300')).toMatchObject({
      action: 'product.delete',
      after: null,
      reason: 'never sold',
    });
  });

  it('refuses to delete a product that was ordered (80014); taking it off sale still works', async () => {
    const db = t.app.database.db;
    const [user] = await db
      .insert(users)
      .values({ inviteCode: `INV${process.pid}` })
      .returning();
    await db.insert(orders).values({
      publicId: `ord_${process.pid}`,
      userId: user?.id ?? 0,
      productId: 'coins_2000',
      kind: 'coins',
      channel: 'stripe',
      priceCents: 1999,
      currency: 'USD',
      coins: 2000,
      bonusCoins: 400,
    });
    expect((await list()).find((p) => p.id === 'coins_2000')?.has_orders).toBe(true);
    const response = await remove('coins_2000');
    expect(response.statusCode).toBe(409);
    expect(envelope(response).code).toBe(Code.PRODUCT_HAS_ORDERS);
    expect((await update('coins_2000', { active: false }, 'retired')).statusCode).toBe(200);
    expect((await packs()).map((p) => p.id)).not.toContain('coins_2000');
    expect((await list()).map((p) => p.id)).toContain('coins_2000');
  });
});

describe('the guard', () => {
  it('wants a fresh code for every change (80005) and a code used once is not fresh', async () => {
    const without = await t.app.inject({
      method: 'PUT',
      url: url('/products/coins_100'),
      headers: consoleHeaders(finance),
      payload: { changes: { price_cents: 1 }, reason: 'x' },
    });
    expect(without.statusCode).toBe(403);
    expect(envelope(without).code).toBe(Code.OPERATOR_TOTP_REQUIRED);

    const headers = money(finance);
    const first = await t.app.inject({
      method: 'PUT',
      url: url('/products/coins_100'),
      headers,
      payload: { changes: { sort: 111 }, reason: 'x' },
    });
    expect(first.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'PUT',
      url: url('/products/coins_100'),
      headers,
      payload: { changes: { price_cents: 1 }, reason: 'x' },
    });
    expect(envelope(replay).code).toBe(Code.OPERATOR_TOTP_REQUIRED);
    for (const refused of [
      t.app.inject({ method: 'POST', url: url('/products'), headers: consoleHeaders(finance), payload: {} }),
      t.app.inject({
        method: 'DELETE',
        url: url('/products/coins_100'),
        headers: consoleHeaders(finance),
        payload: {},
      }),
    ]) {
      expect(envelope(await refused).code).toBe(Code.OPERATOR_TOTP_REQUIRED);
    }
    expect((await list()).find((p) => p.id === 'coins_100')?.price_cents).toBe(99);
  });

  it('lets an admin change products and refuses editors and support with 80004', async () => {
    const admin = await signedInOperator(t.app, clock, 'admin');
    expect((await update('coins_100', { sort: 112 }, 'admin', admin)).statusCode).toBe(200);
    for (const role of ['editor', 'support'] as const) {
      const operator = await signedInOperator(t.app, clock, role);
      const read = await t.app.inject({ method: 'GET', url: url('/products'), headers: consoleHeaders(operator) });
      expect(envelope(read).code).toBe(Code.OPERATOR_ROLE_FORBIDDEN);
      expect(envelope(await update('coins_100', { price_cents: 1 }, 'no', operator)).code).toBe(
        Code.OPERATOR_ROLE_FORBIDDEN,
      );
    }
    expect((await list()).find((p) => p.id === 'coins_100')?.price_cents).toBe(99);
  });
});
