import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogCli } from '../helpers/cli.js';

/**
 * The command itself, on an embedded data directory of its own: it runs the same way whichever
 * driver the suite tests, so it runs once (server-pglite), not on both.
 */
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
    expect(bad.stderr).toContain('Nothing was changed: --price-cents: must be at least 1');
    // delete answers the list as it is after, like set.
    const deleted = await catalogCli(['products', 'delete', 'coins_100', '--reason', 'never sold'], env);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain('$12.99');
    expect(deleted.stdout).not.toMatch(/ coins_100 /);
  }, 120_000);
});
