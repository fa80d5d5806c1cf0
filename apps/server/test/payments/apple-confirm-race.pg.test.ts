import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { createAppleKit, type AppleKit } from './apple-kit.js';

/**
 * Confirm races on real PostgreSQL (PGlite runs one statement at a time and would prove
 * nothing): the shell retries a confirm whose answer it did not see, restores at launch while a
 * purchase is still being confirmed, and Apple's notification about the same transaction can
 * arrive at the same moment.
 */
const PARALLEL = 10;
/** The control holds a connection per attempt and reads on another: it stays well inside the pool. */
const CONTROL_PARALLEL = 5;

describe('App Store confirm races on PostgreSQL', () => {
  let kit: AppleKit;

  beforeAll(async () => {
    kit = await createAppleKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  const recharges = (uid: number) =>
    kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${uid} AND kind = 'recharge'`);

  it(`the same signed transaction confirmed ${PARALLEL} times at once credits once`, async () => {
    const user = await kit.user();
    const { orderId, token } = await kit.buy(user, 'coins_500');
    const { jws, id } = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token });
    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => kit.confirm(user, orderId, jws)));
    const codes = responses.map((res) => envelope(res).code).sort();
    expect(codes.filter((code) => code === Code.OK)).toHaveLength(1);
    expect(codes.filter((code) => code === Code.ALREADY_OWNED)).toHaveLength(PARALLEL - 1);
    expect(await kit.coin(user.user.uid)).toBe(550);
    expect(await recharges(user.user.uid)).toBe(1);
    expect(await kit.scalar(sql`SELECT count(*) FROM payment_events WHERE event_id = ${`transaction:${id}`}`)).toBe(1);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it('confirms and notifications about one VIP transaction, at once, extend VIP once', async () => {
    const user = await kit.user();
    const { orderId, token } = await kit.buy(user, 'vip_month');
    const now = kit.clock.now().getTime();
    const { jws } = kit.transaction({
      productId: 'cliffhanger.vip.month',
      appAccountToken: token,
      purchaseDate: now,
      expiresDate: now + 30 * 86_400_000,
    });
    const half = PARALLEL / 2;
    const responses = await Promise.all([
      ...Array.from({ length: half }, () => kit.confirm(user, orderId, jws)),
      ...Array.from({ length: half }, () => kit.notify({ notificationType: 'SUBSCRIBED', signedTransactionInfo: jws })),
    ]);
    expect(responses.every((res) => res.statusCode === 200)).toBe(true);
    expect(
      await kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${user.user.uid} AND kind = 'purchase'`),
    ).toBe(1);
    expect(Math.abs((await kit.vipUntil(user.user.uid)) - (now + 30 * 86_400_000))).toBeLessThan(2000);
  });

  it('positive control: a confirm that checks "not credited yet" without the claim and the lock credits more than once', async () => {
    const user = await kit.user();
    const { orderId } = await kit.buy(user, 'coins_500');
    const db = kit.t.app.database.db;
    let read = 0;
    let release: () => void = () => undefined;
    const allRead = new Promise<void>((resolve) => (release = resolve));
    // The naive handler: read the order, then credit under a key of its own request.
    const naive = (attempt: number) =>
      db.transaction(async (tx) => {
        const credited = await kit.scalar(sql`SELECT coins_credited FROM orders WHERE public_id = ${orderId}`);
        read += 1;
        if (read === CONTROL_PARALLEL) release();
        await allRead;
        if (credited > 0) return;
        await kit.t.app.services.wallet.credit(
          { userId: user.user.uid, kind: 'recharge', amount: 550, key: `naive:${orderId}:${attempt}`, expiresAt: null },
          tx,
        );
        await tx.execute(sql`UPDATE orders SET coins_credited = 550 WHERE public_id = ${orderId}`);
      });
    await Promise.all(Array.from({ length: CONTROL_PARALLEL }, (_, attempt) => naive(attempt)));
    expect(await recharges(user.user.uid)).toBeGreaterThan(1);
  });
});
