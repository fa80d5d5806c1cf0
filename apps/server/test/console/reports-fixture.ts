import type { WalletKind } from '@cliffhanger/contract';
import type { Db } from '../../src/db/database.js';
import { orderRefunds, orders, vipEntries } from '../../src/db/payments.schema.js';
import { dramas, episodePlays, episodes, episodeUnlocks, users, walletEntries } from '../../src/db/schema.js';

/**
 * A small hand-made world for the Numbers dashboards, in REWARDS_TIME_ZONE=Europe/Istanbul (UTC+3
 * all year): local day D runs from (D-1) 21:00Z to D 21:00Z. The expected figures in
 * reports.routes.db.test.ts are worked out by hand from these rows.
 */
export const FIXTURE_TIME_ZONE = 'Europe/Istanbul';

export interface ReportsFixture {
  u1: number;
  u2: number;
  u3: number;
  dramaX: number;
  dramaY: number;
  /** Drama X's episodes 1..4 (1 and 2 free). */
  ep: number[];
}

let seq = 0;
const at = (iso: string) => new Date(iso);

export async function seedReportsFixture(db: Db, operatorId: number): Promise<ReportsFixture> {
  seq += 1;
  const user = async (vipUntil: string | null) => {
    const [row] = await db
      .insert(users)
      .values({
        inviteCode: `rep${seq}${Math.random().toString(36).slice(2, 8)}`,
        vipExpiresAt: vipUntil === null ? null : at(vipUntil),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    return row.id;
  };
  const u1 = await user(null);
  const u2 = await user(null);
  const u3 = await user('2027-06-01T00:00:00Z');

  const drama = async (slug: string, title: string, count: number) => {
    const [row] = await db
      .insert(dramas)
      .values({
        slug: `${slug}-${seq}`,
        title: { en: title },
        synopsis: { en: 'Numbers' },
        sortTitle: title.toLowerCase(),
        poster: 'posters/x.jpg',
        freeEpisodes: 2,
        episodePrice: 25,
        allPrice: 60,
      })
      .returning({ id: dramas.id });
    if (!row) throw new Error('no drama');
    const eps = await db
      .insert(episodes)
      .values(
        Array.from({ length: count }, (_, i) => ({
          dramaId: row.id,
          number: i + 1,
          title: { en: `Episode ${i + 1}` },
          durationS: 90,
          mediaDir: `episodes/${slug}/${i + 1}`,
        })),
      )
      .returning({ id: episodes.id, number: episodes.number });
    return { id: row.id, eps: eps.sort((a, b) => a.number - b.number).map((e) => e.id) };
  };
  const x = await drama('numbers-x', 'Numbers X', 4);
  // A title a spreadsheet would run as a formula, with a comma and quotes for the CSV's quoting.
  const y = await drama('numbers-y', '=HYPERLINK("http://x.test","a,b")', 1);
  const ep = x.eps;
  const [y1] = y.eps;

  // Orders: A paid; B paid on the first instant of 11-03, partly refunded from the console; C paid
  // and refunded in full by the provider; D paid in October and renewed on 11-06; E never paid;
  // F paid and refunded in full from the console (with a failed attempt); G paid on 11-11 local.
  const order = async (
    id: string,
    userId: number,
    productId: string,
    channel: 'stripe' | 'apple',
    price: number,
    status: 'pending' | 'fulfilled' | 'refunded',
    paidAt: string | null,
    updatedAt?: string,
  ) => {
    const vip = productId.startsWith('vip_');
    const [row] = await db
      .insert(orders)
      .values({
        publicId: `rep-${seq}-${id}`,
        userId,
        productId,
        kind: vip ? 'vip' : 'coins',
        channel,
        status,
        priceCents: price,
        currency: 'USD',
        period: vip ? 'month' : null,
        coins: vip ? 0 : 500,
        coinsCredited: vip || paidAt === null ? 0 : 500,
        createdAt: at(paidAt ?? '2026-11-04T10:00:00Z'),
        fulfilledAt: paidAt === null ? null : at(paidAt),
        updatedAt: at(updatedAt ?? paidAt ?? '2026-11-04T10:00:00Z'),
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('no order');
    return row.id;
  };
  await order('A', u1, 'coins_500', 'stripe', 499, 'fulfilled', '2026-11-02T20:59:59Z');
  const b = await order('B', u2, 'coins_500', 'apple', 499, 'fulfilled', '2026-11-02T21:00:00Z');
  await order('C', u1, 'vip_month', 'stripe', 1499, 'refunded', '2026-11-03T09:00:00Z', '2026-11-04T09:00:00Z');
  const d = await order('D', u3, 'vip_month', 'stripe', 1499, 'fulfilled', '2026-10-20T09:00:00Z');
  await order('E', u2, 'coins_500', 'stripe', 499, 'pending', null);
  const f = await order(
    'F',
    u1,
    'coins_500',
    'stripe',
    499,
    'refunded',
    '2026-11-07T12:00:00Z',
    '2026-11-08T12:00:00Z',
  );
  await order('G', u2, 'coins_500', 'stripe', 499, 'fulfilled', '2026-11-10T21:30:00Z');

  const refund = (orderId: number, cents: number, status: 'succeeded' | 'failed', when: string) =>
    db.insert(orderRefunds).values({
      orderId,
      amountCents: cents,
      currency: 'USD',
      status,
      operatorId,
      reason: 'fixture',
      providerRefundId: `re_${seq}_${orderId}_${status}`,
      createdAt: at(when),
      updatedAt: at(when),
    });
  await refund(b, 200, 'succeeded', '2026-11-05T10:00:00Z');
  await refund(f, 100, 'failed', '2026-11-08T11:00:00Z');
  await refund(f, 499, 'succeeded', '2026-11-08T12:00:00Z');

  await db.insert(vipEntries).values([
    {
      userId: u3,
      kind: 'purchase',
      seconds: 2_592_000,
      expiresAfter: at('2026-11-19T09:00:00Z'),
      idempotencyKey: `rep-${seq}-d-purchase`,
      orderId: d,
      createdAt: at('2026-10-20T09:00:00Z'),
    },
    {
      userId: u3,
      kind: 'renewal',
      seconds: 2_592_000,
      expiresAfter: at('2026-12-19T09:00:00Z'),
      idempotencyKey: `rep-${seq}-d-renewal`,
      orderId: d,
      createdAt: at('2026-11-06T12:00:00Z'),
    },
  ]);

  // One entry of every ledger kind (balances are not what these figures read).
  let n = 0;
  const coin = (userId: number, kind: WalletKind, amount: number, when: string, ref: string | null = null) => ({
    userId,
    kind,
    amount,
    balanceAfter: 1000,
    idempotencyKey: `rep-${seq}-${(n += 1)}`,
    ref,
    createdAt: at(when),
  });
  await db.insert(walletEntries).values([
    coin(u1, 'recharge', 500, '2026-11-02T20:59:59Z'),
    coin(u1, 'checkin_reward', 10, '2026-11-02T21:00:00Z'),
    coin(u2, 'task_reward', 20, '2026-11-03T10:00:00Z'),
    coin(u2, 'ad_reward', 5, '2026-11-03T10:00:00Z'),
    coin(u2, 'invitee_reward', 50, '2026-11-04T10:00:00Z'),
    coin(u1, 'watch_video_reward', 5, '2026-11-04T10:00:00Z'),
    coin(u1, 'share_app_reward', 3, '2026-11-04T10:00:00Z'),
    coin(u2, 'giveaway', 100, '2026-11-04T10:00:00Z'),
    coin(u3, 'support_credit', 30, '2026-11-05T10:00:00Z'),
    coin(u3, 'support_debit', -10, '2026-11-05T10:00:00Z'),
    coin(u1, 'consume', -25, '2026-11-05T10:00:00Z', `episode:${ep[2]}`),
    coin(u2, 'consume', -60, '2026-11-06T10:00:00Z', `drama:${x.id}:all`),
    coin(u1, 'coin_expiry', -4, '2026-11-07T10:00:00Z', 'lot:1'),
    coin(u2, 'recharge_reversal', -200, '2026-11-08T10:00:00Z'),
    coin(u1, 'coin_freeze', -5, '2026-11-09T10:00:00Z'),
    coin(u1, 'coin_unfreeze', 5, '2026-11-09T11:00:00Z'),
    coin(u1, 'coin_return', 3, '2026-11-09T12:00:00Z'),
    // 11-11 local: outside a range ending on 11-10.
    coin(u1, 'consume', -7, '2026-11-10T21:00:00Z', `episode:${ep[3]}`),
  ]);

  await db.insert(episodeUnlocks).values([
    { userId: u1, episodeId: ep[2]!, createdAt: at('2026-11-05T10:00:00Z') },
    { userId: u2, episodeId: ep[2]!, createdAt: at('2026-11-06T10:00:00Z') },
    { userId: u2, episodeId: ep[3]!, createdAt: at('2026-11-06T10:00:00Z') },
  ]);

  const play = (viewerKey: string, episodeId: number, when: string) => ({
    viewerKey,
    episodeId,
    day: when.slice(0, 10),
    createdAt: at(when),
  });
  const [e1, e2, e3, e4] = ep as [number, number, number, number];
  await db
    .insert(episodePlays)
    .values([
      play(`u:${u1}`, e1, '2026-11-01T10:00:00Z'),
      play(`u:${u1}`, e2, '2026-11-01T11:00:00Z'),
      play(`u:${u1}`, e3, '2026-11-02T10:00:00Z'),
      play(`u:${u1}`, e1, '2026-11-02T22:00:00Z'),
      play(`u:${u1}`, y1!, '2026-11-03T10:00:00Z'),
      play(`u:${u2}`, e1, '2026-11-02T20:59:59Z'),
      play(`u:${u2}`, e2, '2026-11-02T21:00:00Z'),
      play(`u:${u2}`, e3, '2026-11-03T10:00:00Z'),
      play(`u:${u2}`, e4, '2026-11-09T10:00:00Z'),
      play(`u:${u3}`, e1, '2026-11-05T10:00:00Z'),
      play(`u:${u3}`, e2, '2026-11-05T11:00:00Z'),
      play(`u:${u3}`, e3, '2026-11-05T12:00:00Z'),
      play(`u:${u3}`, e4, '2026-11-06T10:00:00Z'),
      play('a:visitor', e1, '2026-10-25T10:00:00Z'),
      play('a:visitor', e1, '2026-11-04T10:00:00Z'),
    ]);
  return { u1, u2, u3, dramaX: x.id, dramaY: y.id, ep };
}
