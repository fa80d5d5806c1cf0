import { Code, type Session, type WalletEntry, type WalletPage } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/** GET /wallet and coin expiry through HTTP. */
let kit: WalletKit;

beforeAll(async () => {
  kit = await createWalletKit();
});
afterAll(async () => {
  if (kit) expect((await kit.reconcile()).differences).toEqual([]);
  await kit?.close();
});

const DAY_S = 86_400;
const wallet = async (token: string, query = '') =>
  envelope<WalletPage>(await kit.call('GET', `/wallet${query}`, { token })).data;
/** Spends `price` coins the way a viewer does: unlocks a paid episode of a drama seeded for it. */
async function unlockFor(token: string, price: number) {
  const seeded = await seedDrama(kit.t.app, { episodes: 1, freeEpisodes: 0, episodePrice: price, allPrice: price });
  return envelope(await kit.unlock(token, { episode_id: seeded.episodes[0]!.id }));
}

/** Walks every page of a tab; `between` runs after each page (to add entries meanwhile). */
async function allPages(
  token: string,
  type: string,
  size: number,
  between?: () => Promise<void>,
): Promise<WalletEntry[]> {
  const seen: WalletEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: WalletPage = await wallet(token, `?type=${type}&size=${size}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.list.length).toBeLessThanOrEqual(size);
    seen.push(...page.list);
    cursor = page.next_cursor;
    await between?.();
  } while (cursor !== null);
  return seen;
}

describe('GET /wallet', () => {
  it('refuses a visitor with 10027', async () => {
    const res = await kit.call('GET', '/wallet');
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });

  it('shows an empty wallet', async () => {
    const user = await kit.user();
    expect(await wallet(user.token)).toEqual({ list: [], next_cursor: null, balance: 0, expiring: [] });
  });

  it('lists entries newest first with kind, group, signed amount and balance after; tabs filter by group', async () => {
    const user = await kit.user();
    const uid = user.user.uid;
    await kit.credit(uid, 50, { kind: 'recharge', ref: 'order:1' });
    await kit.credit(uid, 10, { kind: 'checkin_reward' });
    expect((await unlockFor(user.token, 25)).code).toBe(200);
    const page = await wallet(user.token);
    expect(page.balance).toBe(35);
    expect(page.list.map((e) => [e.kind, e.group, e.amount, e.balance_after])).toEqual([
      ['consume', 'expense', -25, 35],
      ['checkin_reward', 'income', 10, 60],
      ['recharge', 'income', 50, 50],
    ]);
    expect(page.list[2]).toMatchObject({ ref: 'order:1', expires_at: null, created_at: kit.clock.now().toISOString() });
    // Check-in coins expire 7 days after claiming (docs/product.md#business-constants).
    expect(page.list[1]!.expires_at).toBe(new Date(kit.clock.now().getTime() + 7 * DAY_S * 1000).toISOString());
    expect((await wallet(user.token, '?type=income')).list.map((e) => e.kind)).toEqual(['checkin_reward', 'recharge']);
    expect((await wallet(user.token, '?type=expense')).list.map((e) => e.kind)).toEqual(['consume']);
  });

  it('pages by cursor, 20 by default, and stays stable while new entries arrive', async () => {
    const user = await kit.user();
    const uid = user.user.uid;
    for (let i = 0; i < 25; i += 1) await kit.credit(uid, 1);
    const first = await wallet(user.token);
    expect(first.list).toHaveLength(20);
    expect(first.next_cursor).not.toBeNull();

    const before = (await allPages(user.token, 'all', 7)).map((e) => e.id);
    expect(before).toHaveLength(25);
    expect([...before].sort((a, b) => b - a)).toEqual(before);

    // New entries between pages do not shift the pages being read: no repeat, no gap.
    let added = 0;
    const during = await allPages(user.token, 'all', 4, async () => {
      added += 1;
      await kit.credit(uid, 1);
    });
    expect(during.map((e) => e.id)).toEqual(before);
    expect(added).toBeGreaterThan(5);
    expect((await wallet(user.token, '?size=100')).list).toHaveLength(25 + added);
  });

  it.each([
    ['size=0'],
    ['size=101'],
    ['size=1.5'],
    ['size=-1'],
    ['type=gifts'],
    ['cursor=!!!'],
    ['cursor=abc'],
    [`cursor=${Buffer.from('w1:-5').toString('base64url')}`],
    [`cursor=${'a'.repeat(65)}`],
  ])('refuses %s with 10001', async (query) => {
    const user = await kit.user();
    const res = await kit.call('GET', `/wallet?${query}`, { token: user.token });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe(Code.INVALID_INPUT);
  });
});

describe('lots and expiry', () => {
  let user: Session;

  it('spends the lot that expires first and keeps never-expiring coins for last', async () => {
    user = await kit.user();
    const uid = user.user.uid;
    const now = kit.clock.now().getTime();
    await kit.credit(uid, 100, { kind: 'recharge' });
    await kit.credit(uid, 20, { kind: 'task_reward', expiresAt: new Date(now + 20 * DAY_S * 1000) });
    await kit.credit(uid, 10, { kind: 'checkin_reward' });
    expect((await wallet(user.token)).expiring).toEqual([
      { amount: 10, expires_at: new Date(now + 7 * DAY_S * 1000).toISOString() },
      { amount: 20, expires_at: new Date(now + 20 * DAY_S * 1000).toISOString() },
    ]);
    expect((await unlockFor(user.token, 15)).code).toBe(200);
    expect((await wallet(user.token)).expiring).toEqual([
      { amount: 15, expires_at: new Date(now + 20 * DAY_S * 1000).toISOString() },
    ]);
    const lots = await kit.scalar(sql`SELECT sum(remaining) FROM wallet_lots WHERE user_id = ${uid}`);
    expect(lots).toBe(115);
  });

  it('expires the remainder lazily on read through a coin_expiry entry dated at expiry', async () => {
    const uid = user.user.uid;
    const expiry = new Date(kit.clock.now().getTime() + 20 * DAY_S * 1000);
    kit.clock.advance(20 * DAY_S + 60);
    const page = await wallet(user.refresh_token);
    expect(page.balance).toBe(100);
    expect(page.expiring).toEqual([]);
    expect(page.list[0]).toMatchObject({
      kind: 'coin_expiry',
      group: 'expense',
      amount: -15,
      balance_after: 100,
      created_at: expiry.toISOString(),
    });
    expect(await kit.scalar(sql`SELECT sum(amount) FROM wallet_entries WHERE user_id = ${uid}`)).toBe(100);
    // Reading again changes nothing.
    expect((await wallet(user.refresh_token)).list[0]!.id).toBe(page.list[0]!.id);
  });

  it('expires due lots before a debit, so expired coins are never spent', async () => {
    const fresh = await kit.user();
    const uid = fresh.user.uid;
    await kit.credit(uid, 10, { kind: 'checkin_reward' });
    kit.clock.advance(7 * DAY_S);
    expect(await unlockFor(fresh.refresh_token, 5)).toMatchObject({
      code: Code.INSUFFICIENT_COINS,
      data: { shortfall: 5, balance: 0, cost: 5 },
    });
    // The refused debit rolled back with its transaction; the next read expires the coins again.
    expect(await kit.t.app.services.wallet.balance(uid)).toBe(0);
    expect(await kit.coin(uid)).toBe(0);
  });

  it('the scheduled job expires every due lot once', async () => {
    const a = await kit.user();
    const b = await kit.user();
    await kit.credit(a.user.uid, 10, { kind: 'checkin_reward' });
    await kit.credit(b.user.uid, 7, { kind: 'checkin_reward' });
    await kit.credit(b.user.uid, 5, { kind: 'recharge' });
    kit.clock.advance(8 * DAY_S);
    const first = await kit.t.app.services.wallet.expireDue();
    // Earlier tests of this file left due check-in lots too.
    expect(first.users).toBeGreaterThanOrEqual(2);
    expect(first.coins).toBeGreaterThanOrEqual(17);
    expect(await kit.t.app.services.wallet.expireDue()).toEqual({ users: 0, coins: 0 });
    expect(await kit.coin(a.user.uid)).toBe(0);
    expect(await kit.coin(b.user.uid)).toBe(5);
    const expiries = await kit.scalar(
      sql`SELECT count(*) FROM wallet_entries WHERE kind = 'coin_expiry' AND user_id IN (${a.user.uid}, ${b.user.uid})`,
    );
    expect(expiries).toBe(2);
  });
});
