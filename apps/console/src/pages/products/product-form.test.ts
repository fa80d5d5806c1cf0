import type { ConsoleProduct } from '@cliffhanger/contract/console';
import { describe, expect, it } from 'vitest';
import { centsOf, checkForm, dollars, emptyForm, formFieldOf, formOf } from './product-form';

const PACK: ConsoleProduct = {
  id: 'coins_500',
  kind: 'coins',
  period: null,
  coins: 500,
  bonus_coins: 50,
  price_cents: 499,
  currency: 'USD',
  stripe_price_id: null,
  apple_product_id: 'cliffhanger.coins.500',
  active: true,
  sort: 120,
  has_orders: false,
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('dollars and cents', () => {
  it.each([
    ['4.99', 499],
    ['0.29', 29],
    ['12.5', 1250],
    ['7', 700],
    [' 1.10 ', 110],
    ['1.999', null],
    ['1,99', null],
    ['-1', null],
    ['', null],
    ['1e3', null],
  ])('reads %j as %j cents, with no floating point', (text, cents) => {
    expect(centsOf(text)).toBe(cents);
  });

  it('writes cents back as dollars', () => {
    expect([dollars(499), dollars(1250), dollars(7), dollars(100000)]).toEqual(['4.99', '12.50', '0.07', '1000.00']);
  });
});

describe('checking the form', () => {
  it('sends only the fields that changed for an existing product', () => {
    const form = { ...formOf(PACK), price: '4.49', appleProductId: '', reason: 'autumn' };
    expect(checkForm(form, PACK)).toEqual({
      errors: {},
      changes: { price_cents: 449, apple_product_id: null },
    });
  });

  it('sends every term of a new product, its kind first', () => {
    const form = {
      ...emptyForm(),
      id: 'vip_week2',
      kind: 'vip' as const,
      period: 'week' as const,
      price: '3',
      reason: 'x',
    };
    expect(checkForm(form, null).changes).toEqual({
      kind: 'vip',
      period: 'week',
      price_cents: 300,
      apple_product_id: null,
      stripe_price_id: null,
      active: true,
      sort: 0,
    });
  });

  it('names each field that is wrong', () => {
    const form = {
      ...emptyForm(),
      id: 'Bad',
      coins: '0',
      bonusCoins: '1.5',
      price: '0',
      sort: '-1',
      stripePriceId: 'prod_1',
    };
    expect(checkForm(form, null).errors).toEqual({
      id: 'products.error.id',
      price: 'products.error.price',
      coins: 'products.error.coins',
      bonusCoins: 'products.error.bonus',
      sort: 'products.error.sort',
      stripePriceId: 'products.error.stripe',
      reason: 'products.error.reason',
    });
  });

  it("maps the server's field names onto the form's", () => {
    expect(formFieldOf('body.changes.price_cents')).toBe('price');
    expect(formFieldOf('changes.bonus_coins')).toBe('bonusCoins');
    expect(formFieldOf('body.id')).toBe('id');
    expect(formFieldOf('body.changes')).toBeNull();
  });
});
