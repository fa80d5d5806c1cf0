import { Code, type Session, type WalletPage } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/** POST /unlock: every unlock rule and its bad input, through HTTP. */
let kit: WalletKit;

beforeAll(async () => {
  kit = await createWalletKit();
});
afterAll(async () => {
  // Whatever the tests did, every wallet still agrees with its ledger and lots.
  if (kit) expect((await kit.reconcile()).differences).toEqual([]);
  await kit?.close();
});

/** Six episodes, 1-2 free, 30 each, all 100. */
const seed = () => seedDrama(kit.t.app, { episodes: 6, freeEpisodes: 2, episodePrice: 30, allPrice: 100 });
const ep = (seeded: SeededDrama, n: number) => seeded.episodes[n - 1]!.id;
const entries = (userId: number) => kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${userId}`);
const unlocks = (userId: number) => kit.scalar(sql`SELECT count(*) FROM episode_unlocks WHERE user_id = ${userId}`);
const play = (id: number, token: string) => kit.call('GET', `/episodes/${id}/play`, { token });

async function richUser(coins: number): Promise<Session> {
  const user = await kit.user();
  if (coins > 0) await kit.credit(user.user.uid, coins);
  return user;
}

describe('POST /unlock one episode', () => {
  it('takes the price once, writes the consume entry, and the episode plays', async () => {
    const seeded = await seed();
    const user = await richUser(200);
    expect(envelope(await play(ep(seeded, 3), user.token)).code).toBe(Code.EPISODE_LOCKED);

    const res = await kit.unlock(user.token, { episode_id: ep(seeded, 3) });
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toMatchObject({
      code: 200,
      data: { unlocked_episode_ids: [ep(seeded, 3)], cost: 30, balance: 170 },
    });
    expect(await kit.coin(user.user.uid)).toBe(170);
    expect(envelope(await play(ep(seeded, 3), user.token)).code).toBe(200);

    const wallet = envelope(await kit.call('GET', '/wallet?type=expense', { token: user.token })).data;
    expect(wallet.list).toEqual([
      expect.objectContaining({ kind: 'consume', group: 'expense', amount: -30, balance_after: 170, ref: `episode:${ep(seeded, 3)}` }),
    ]);
  });

  it('the wallet names what each unlock bought: the drama in the asked language and the episode', async () => {
    const seeded = await seed();
    const user = await richUser(200);
    await kit.unlock(user.token, { episode_id: ep(seeded, 3) });
    await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true });
    const drama = envelope(await kit.call('GET', `/dramas/${seeded.drama.id}?lang=zh`)).data as { title: string };
    const wallet = envelope(await kit.call('GET', '/wallet?type=expense&lang=zh', { token: user.token })).data as WalletPage;
    expect(wallet.list.map((entry) => entry.subject)).toEqual([
      { drama_id: seeded.drama.id, drama_title: drama.title, episode_number: null },
      { drama_id: seeded.drama.id, drama_title: drama.title, episode_number: 3 },
    ]);
    const income = envelope(await kit.call('GET', '/wallet?type=income', { token: user.token })).data as WalletPage;
    expect(income.list.every((entry) => entry.subject === null)).toBe(true);
  });

  it('answers a repeat with 10019 and takes nothing more', async () => {
    const seeded = await seed();
    const user = await richUser(100);
    await kit.unlock(user.token, { episode_id: ep(seeded, 4) });
    const again = await kit.unlock(user.token, { episode_id: ep(seeded, 4) });
    expect(again.statusCode).toBe(200);
    expect(envelope(again)).toMatchObject({
      code: Code.ALREADY_OWNED,
      data: { unlocked_episode_ids: [], cost: 0, balance: 70 },
    });
    expect(await kit.coin(user.user.uid)).toBe(70);
    expect(await entries(user.user.uid)).toBe(2);
  });

  it('never charges for a free episode (10019, no entry, no unlock row)', async () => {
    const seeded = await seed();
    const user = await richUser(0);
    const res = await kit.unlock(user.token, { episode_id: ep(seeded, 1) });
    expect(envelope(res)).toMatchObject({ code: Code.ALREADY_OWNED, data: { cost: 0, balance: 0 } });
    expect(await entries(user.user.uid)).toBe(0);
    expect(await unlocks(user.user.uid)).toBe(0);
  });

  it('refuses when short with 30001, the shortfall, balance and cost, and changes nothing', async () => {
    const seeded = await seed();
    const user = await richUser(20);
    const res = await kit.unlock(user.token, { episode_id: ep(seeded, 3) });
    expect(res.statusCode).toBe(409);
    expect(envelope(res)).toMatchObject({
      code: Code.INSUFFICIENT_COINS,
      data: { shortfall: 10, balance: 20, cost: 30 },
    });
    expect(await kit.coin(user.user.uid)).toBe(20);
    expect(await unlocks(user.user.uid)).toBe(0);
    expect(await entries(user.user.uid)).toBe(1);
  });

  it('accepts a matching drama_id and refuses an episode of another drama', async () => {
    const seeded = await seed();
    const other = await seed();
    const user = await richUser(100);
    const wrong = await kit.unlock(user.token, { episode_id: ep(seeded, 3), drama_id: other.drama.id });
    expect(wrong.statusCode).toBe(400);
    expect(envelope(wrong).data.fields).toEqual([{ field: 'body.episode_id', message: 'is not an episode of drama_id' }]);
    const right = await kit.unlock(user.token, { episode_id: ep(seeded, 3), drama_id: seeded.drama.id });
    expect(envelope(right).code).toBe(200);
  });
});

describe('POST /unlock all', () => {
  it('unlocks every locked episode at the all price, then answers 10019', async () => {
    const seeded = await seed();
    const user = await richUser(150);
    const res = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true });
    expect(envelope(res)).toMatchObject({
      code: 200,
      data: { unlocked_episode_ids: [3, 4, 5, 6].map((n) => ep(seeded, n)), cost: 100, balance: 50 },
    });
    for (const n of [3, 4, 5, 6]) expect(envelope(await play(ep(seeded, n), user.token)).code).toBe(200);
    const again = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true });
    expect(envelope(again)).toMatchObject({ code: Code.ALREADY_OWNED, data: { cost: 0, balance: 50 } });
    expect(await kit.coin(user.user.uid)).toBe(50);
  });

  it('charges only for what is still locked (never more than one by one)', async () => {
    const seeded = await seed();
    const user = await richUser(200);
    await kit.unlock(user.token, { episode_id: ep(seeded, 3) });
    await kit.unlock(user.token, { episode_id: ep(seeded, 4) });
    await kit.unlock(user.token, { episode_id: ep(seeded, 5) });
    const res = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true, episode_id: ep(seeded, 6) });
    expect(envelope(res)).toMatchObject({ code: 200, data: { unlocked_episode_ids: [ep(seeded, 6)], cost: 30 } });
    expect(await kit.coin(user.user.uid)).toBe(200 - 4 * 30);
  });

  it('refuses an episode of another drama in an all request, and a short wallet', async () => {
    const seeded = await seed();
    const other = await seed();
    const user = await richUser(99);
    const wrong = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true, episode_id: ep(other, 3) });
    expect(envelope(wrong).code).toBe(Code.INVALID_INPUT);
    const short = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true });
    expect(envelope(short)).toMatchObject({ code: Code.INSUFFICIENT_COINS, data: { shortfall: 1, balance: 99, cost: 100 } });
    expect(await unlocks(user.user.uid)).toBe(0);
  });

  it('answers 10019 for a drama with nothing to buy', async () => {
    const seeded = await seedDrama(kit.t.app, { episodes: 2, freeEpisodes: 2 });
    const user = await richUser(0);
    const res = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true });
    expect(envelope(res)).toMatchObject({ code: Code.ALREADY_OWNED, data: { cost: 0 } });
  });
});

describe('VIP members', () => {
  it('play locked episodes and never pay while VIP; pay again once it has expired', async () => {
    const seeded = await seed();
    const user = await richUser(100);
    const until = await kit.t.app.services.vip.grant(user.user.uid, 1);
    expect(until.toISOString()).toBe(new Date(kit.clock.now().getTime() + 86_400_000).toISOString());
    expect(envelope(await play(ep(seeded, 5), user.token)).code).toBe(200);
    const single = await kit.unlock(user.token, { episode_id: ep(seeded, 5) });
    const all = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true });
    expect(envelope(single)).toMatchObject({ code: Code.ALREADY_OWNED, data: { cost: 0, balance: 100 } });
    expect(envelope(all)).toMatchObject({ code: Code.ALREADY_OWNED, data: { cost: 0, balance: 100 } });
    expect(await entries(user.user.uid)).toBe(1);

    kit.clock.advance(86_400 + 1);
    // The access token has expired by now; clients send the refresh token (docs/product.md#api-calls).
    const token = user.refresh_token;
    expect(envelope(await play(ep(seeded, 5), token)).code).toBe(Code.EPISODE_LOCKED);
    expect(envelope(await kit.unlock(token, { episode_id: ep(seeded, 5) }))).toMatchObject({
      code: 200,
      data: { cost: 30, balance: 70 },
    });
  });
});

describe('client idempotency keys', () => {
  it('replay the same target once and refuse the key for another target', async () => {
    const seeded = await seed();
    const user = await richUser(200);
    const key = 'retry-key-0001';
    const first = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true, idempotency_key: key });
    expect(envelope(first)).toMatchObject({ code: 200, data: { cost: 100, balance: 100 } });
    const retry = await kit.unlock(user.token, { drama_id: seeded.drama.id, all: true, idempotency_key: key });
    expect(envelope(retry)).toMatchObject({ code: Code.ALREADY_OWNED, data: { cost: 0, balance: 100 } });

    const other = await seed();
    const tampered = await kit.unlock(user.token, { episode_id: ep(other, 3), idempotency_key: key });
    expect(tampered.statusCode).toBe(409);
    expect(envelope(tampered).code).toBe(Code.IDEMPOTENCY_KEY_REUSED);
    expect(await kit.coin(user.user.uid)).toBe(100);
    expect(envelope(await play(ep(other, 3), user.token)).code).toBe(Code.EPISODE_LOCKED);
  });
});

describe('POST /unlock refuses', () => {
  it('a visitor with 10027', async () => {
    const seeded = await seed();
    const res = await kit.unlock('', { episode_id: ep(seeded, 3) });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });

  it('a deleted account with 20007', async () => {
    const seeded = await seed();
    const user = await richUser(100);
    const deleted = await kit.t.app.inject({ method: 'DELETE', url: '/api/v1/user', headers: { authorization: user.token } });
    expect(envelope(deleted).code).toBe(200);
    const res = await kit.unlock(user.token, { episode_id: ep(seeded, 3) });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.SESSION_REVOKED);
    expect(await kit.coin(user.user.uid)).toBe(100);
  });

  it('unknown episodes and dramas with 10002', async () => {
    const user = await richUser(100);
    for (const payload of [{ episode_id: 987_654 }, { drama_id: 987_654, all: true }]) {
      const res = await kit.unlock(user.token, payload);
      expect(res.statusCode).toBe(404);
      expect(envelope(res).code).toBe(Code.NOT_FOUND);
    }
    expect(await kit.coin(user.user.uid)).toBe(100);
  });

  it.each([
    ['no body', undefined],
    ['an empty body', {}],
    ['a negative id', { episode_id: -3 }],
    ['a zero id', { episode_id: 0 }],
    ['a fractional id', { episode_id: 1.5 }],
    ['an id as text', { episode_id: 'abc' }],
    ['an id beyond 2^53', { episode_id: 2 ** 60 }],
    ['a drama without all', { drama_id: 1 }],
    ['all: false', { drama_id: 1, all: false }],
    ['all without a drama', { all: true }],
    ['an unknown field', { episode_id: 1, price: 0 }],
    ['a malformed idempotency key', { episode_id: 1, idempotency_key: 'x' }],
    ['an idempotency key with spaces', { episode_id: 1, idempotency_key: 'has spaces in it' }],
  ])('%s with 10001', async (_, payload) => {
    const user = await richUser(0);
    const res = await kit.unlock(user.token, payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe(Code.INVALID_INPUT);
  });
});
