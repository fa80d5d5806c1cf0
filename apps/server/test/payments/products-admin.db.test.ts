import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/db/schema.js';
import { AppError } from '../../src/http/envelope.js';
import { parseProductFlags, ProductFlagsError } from '../../src/cli/product-flags.js';
import { ProductsRepository } from '../../src/repositories/products.repository.js';
import type { ProductAdminService } from '../../src/services/payments/product-admin.service.js';
import { envelope } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('changing products without a deploy', () => {
  let t: TestApp;
  let products: ProductsRepository;
  let admin: ProductAdminService;
  beforeAll(async () => {
    t = await createTestApp();
    products = new ProductsRepository(t.app.database.db);
    admin = t.app.services.console.products;
  });
  /** What `products set <id> <flags>` does. */
  const setProduct = (id: string, flags: string[]) => {
    const { changes, reason } = parseProductFlags(flags);
    return admin.set(id, changes, { operatorId: null, reason });
  };
  afterAll(async () => {
    await t?.close();
  });

  const packs = async () =>
    envelope(await t.app.inject({ method: 'GET', url: '/api/v1/coin/type' })).data as {
      id: string;
      price_cents: number;
      bonus_coins: number;
    }[];

  it('changes a price and adds a pack; the store lists them at once', async () => {
    await setProduct('coins_500', ['--price-cents', '449', '--bonus', '75']);
    await setProduct('coins_300', ['--kind', 'coins', '--coins', '300', '--price-cents', '299', '--sort', '115']);
    const list = await packs();
    expect(list.find((p) => p.id === 'coins_500')).toMatchObject({ price_cents: 449, bonus_coins: 75 });
    expect(list.map((p) => p.id).indexOf('coins_300')).toBe(1);
    // The command line has no operator; its changes are audited all the same.
    const audit = await t.app.database.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, 'product:coins_300'));
    expect(audit).toMatchObject([{ operatorId: null, action: 'product.create', before: null }]);
  });

  it('hides a product with --active false and clears an id with none', async () => {
    await setProduct('coins_5000', ['--active', 'false', '--apple-product', 'none']);
    expect((await packs()).some((p) => p.id === 'coins_5000')).toBe(false);
    expect((await products.find('coins_5000'))?.appleProductId).toBeNull();
  });

  it.each([
    [['--price-cents', '0'], 'coins_100'],
    [['--price-cents', '1.5'], 'coins_100'],
    [['--kind', 'vip'], 'coins_100'],
    [['--bonus', '-1'], 'coins_100'],
    [['--price-cents', 'ten'], 'coins_100'],
    [['--active', 'yes'], 'coins_100'],
    [['--stripe-price', 'prod_123'], 'coins_100'],
    [['--apple-product', 'cliffhanger.coins.500'], 'coins_100'],
    [['--period', 'week'], 'coins_100'],
    [['--price-cents', '100'], 'brand_new'],
    [['--kind', 'vip', '--price-cents', '100'], 'vip_decade'],
    [['--kind', 'coins'], 'Bad-Id'],
  ])('refuses %j for %s and changes nothing', async (flags, id) => {
    const before = await products.listAll();
    await expect(setProduct(id, flags)).rejects.toBeInstanceOf(AppError);
    expect(await products.listAll()).toEqual(before);
  });

  it('refuses a flag without a value and an unknown flag', () => {
    expect(() => parseProductFlags(['--price-cents'])).toThrow(ProductFlagsError);
    expect(() => parseProductFlags(['--color', 'red'])).toThrow(ProductFlagsError);
  });
});
