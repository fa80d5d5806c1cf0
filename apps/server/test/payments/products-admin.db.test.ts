import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductsRepository } from '../../src/repositories/products.repository.js';
import { ProductChangeError, parseFlags, setProduct } from '../../src/services/payments/product-admin.js';
import { envelope } from '../helpers/accounts.js';
import { catalogCli } from '../helpers/cli.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('changing products without a deploy', () => {
  let t: TestApp;
  let products: ProductsRepository;
  beforeAll(async () => {
    t = await createTestApp();
    products = new ProductsRepository(t.app.database.db);
  });
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
    await setProduct(products, 'coins_500', parseFlags(['--price-cents', '449', '--bonus', '75']));
    await setProduct(
      products,
      'coins_300',
      parseFlags(['--kind', 'coins', '--coins', '300', '--price-cents', '299', '--sort', '115']),
    );
    const list = await packs();
    expect(list.find((p) => p.id === 'coins_500')).toMatchObject({ price_cents: 449, bonus_coins: 75 });
    expect(list.map((p) => p.id).indexOf('coins_300')).toBe(1);
  });

  it('hides a product with --active false and clears an id with none', async () => {
    await setProduct(products, 'coins_5000', parseFlags(['--active', 'false', '--apple-product', 'none']));
    expect((await packs()).some((p) => p.id === 'coins_5000')).toBe(false);
    expect((await products.find('coins_5000'))?.appleProductId).toBeNull();
  });

  it.each([
    [['--price-cents', '0'], 'coins_100'],
    [['--price-cents', '1.5'], 'coins_100'],
    [['--kind', 'vip'], 'coins_100'],
    [['--color', 'red'], 'coins_100'],
    [['--price-cents', '100'], 'brand_new'],
    [['--kind', 'vip', '--price-cents', '100'], 'vip_decade'],
    [['--kind', 'coins'], 'Bad-Id'],
  ])('refuses %j for %s and changes nothing', async (flags, id) => {
    const before = await products.listAll();
    await expect(setProduct(products, id, parseFlags(flags))).rejects.toBeInstanceOf(ProductChangeError);
    expect(await products.listAll()).toEqual(before);
  });

  it('refuses a flag without a value', () => {
    expect(() => parseFlags(['--price-cents'])).toThrow(ProductChangeError);
  });
});

describe('npm run catalog -- products', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cliffhanger-products-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists, sets, and refuses bad input with exit 1 and nothing changed', async () => {
    const env = { DATA_DIR: join(dir, 'data') };
    const list = await catalogCli(['products', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/vip_month\s+VIP month\s+\$14\.99/);
    const set = await catalogCli(
      ['products', 'set', 'vip_month', '--price-cents', '1299', '--stripe-price', 'price_123'],
      env,
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/vip_month\s+VIP month\s+\$12\.99\s+stripe price_123/);
    const bad = await catalogCli(['products', 'set', 'vip_month', '--price-cents', '-5'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Nothing was changed');
    expect((await catalogCli(['products', 'list'], env)).stdout).toContain('$12.99');
  }, 120_000);
});
