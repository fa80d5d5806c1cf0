import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { envelope } from '../helpers/accounts.js';
import { createAppleKit, type AppleKit } from './apple-kit.js';

const DAY_MS = 86_400_000;

/**
 * A signed App Store transaction credits an order only when it sells what the order sells: the
 * pack's own product for a coin pack, a plan of the group for VIP. Checked on both roads, the
 * shell's confirm and the server notifications, with transactions signed by the trusted chain.
 */
describe('App Store transactions checked against the product of their order', () => {
  let kit: AppleKit;

  beforeAll(async () => {
    kit = await createAppleKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  const outcome = async (fields: { notificationType: string; signedTransactionInfo: string }) =>
    envelope<{ outcome: string }>(await kit.notify(fields)).data.outcome;

  /** What the order's timeline holds: the outcomes of the notifications recorded against it. */
  const timeline = async (orderId: string) =>
    (
      await queryRows<{ outcome: string }>(
        kit.t.app.database.db,
        sql`SELECT e.outcome FROM payment_events e JOIN orders o ON o.id = e.order_id
            WHERE o.public_id = ${orderId} AND e.type <> 'transaction' ORDER BY e.received_at, e.event_id`,
      )
    ).map((row) => row.outcome);

  const vipEntries = (uid: number) => kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${uid}`);

  it("ONE_TIME_CHARGE of another pack or of a plan credits nothing, is recorded as refused, and the pack's own credits once", async () => {
    const user = await kit.user();
    const { orderId, token } = await kit.buy(user, 'coins_100');
    const biggerPack = kit.transaction({ productId: 'cliffhanger.coins.5000', appAccountToken: token });
    const plan = kit.transaction({ productId: 'cliffhanger.vip.month', appAccountToken: token });

    expect(await outcome({ notificationType: 'ONE_TIME_CHARGE', signedTransactionInfo: biggerPack.jws })).toBe(
      'refused: cliffhanger.coins.5000 is not the App Store product of pack coins_100',
    );
    expect(await outcome({ notificationType: 'ONE_TIME_CHARGE', signedTransactionInfo: plan.jws })).toBe(
      'refused: cliffhanger.vip.month is not the App Store product of pack coins_100',
    );
    expect(await kit.coin(user.user.uid)).toBe(0);
    expect(await vipEntries(user.user.uid)).toBe(0);
    const order = envelope(await kit.call('GET', `/orders/${orderId}`, { token: user.token }));
    expect(order.data).toMatchObject({ status: 'pending', coins_credited: 0 });

    // Positive control: the pack's own transaction credits, once, whoever reports it again.
    const own = kit.transaction({ productId: 'cliffhanger.coins.100', appAccountToken: token });
    expect(await outcome({ notificationType: 'ONE_TIME_CHARGE', signedTransactionInfo: own.jws })).toBe(
      'credited 100 coins',
    );
    expect(await outcome({ notificationType: 'ONE_TIME_CHARGE', signedTransactionInfo: own.jws })).toBe(
      'transaction already credited',
    );
    expect(envelope(await kit.confirm(user, orderId, own.jws)).code).toBe(Code.ALREADY_OWNED);
    expect(await kit.coin(user.user.uid)).toBe(100);
    expect(
      await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${user.user.uid} AND kind = 'recharge'`),
    ).toBe(1);
    expect(await timeline(orderId)).toEqual([
      expect.stringMatching(/^refused: cliffhanger\.coins\.5000/),
      expect.stringMatching(/^refused: cliffhanger\.vip\.month/),
      'credited 100 coins',
      'transaction already credited',
    ]);
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it('a refused transaction is not claimed: the shell may not confirm it either', async () => {
    const user = await kit.user();
    const { orderId, token } = await kit.buy(user, 'coins_100');
    const plan = kit.transaction({ productId: 'cliffhanger.vip.month', appAccountToken: token });
    expect(await outcome({ notificationType: 'ONE_TIME_CHARGE', signedTransactionInfo: plan.jws })).toMatch(
      /^refused: /,
    );
    const confirmed = await kit.confirm(user, orderId, plan.jws);
    expect(confirmed.statusCode).toBe(409);
    expect(envelope(confirmed).code).toBe(Code.IAP_PRODUCT_MISMATCH);
    expect(await kit.coin(user.user.uid)).toBe(0);
    expect(await vipEntries(user.user.uid)).toBe(0);
  });

  it("a pack's transaction for a plan order grants no VIP, by notification or by confirm", async () => {
    const user = await kit.user();
    const { orderId, token } = await kit.buy(user, 'vip_month');
    const pack = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token });
    for (const notificationType of ['SUBSCRIBED', 'ONE_TIME_CHARGE']) {
      expect(await outcome({ notificationType, signedTransactionInfo: pack.jws })).toBe(
        'refused: cliffhanger.coins.500 is not a VIP plan here',
      );
    }
    expect(envelope(await kit.confirm(user, orderId, pack.jws)).code).toBe(Code.IAP_PRODUCT_MISMATCH);
    expect(await kit.vipUntil(user.user.uid)).toBe(0);
    expect(await kit.coin(user.user.uid)).toBe(0);

    // Positive control: the plan's own transaction still subscribes.
    const now = kit.clock.now().getTime();
    const own = kit.transaction({
      productId: 'cliffhanger.vip.month',
      appAccountToken: token,
      purchaseDate: now,
      expiresDate: now + 30 * DAY_MS,
    });
    expect(await outcome({ notificationType: 'SUBSCRIBED', signedTransactionInfo: own.jws })).toMatch(
      /^VIP extended by/,
    );
    expect(await vipEntries(user.user.uid)).toBe(1);
  });

  it("the confirm refuses a plan's transaction for a pack order (50008) and credits nothing", async () => {
    const user = await kit.user();
    const { orderId, token } = await kit.buy(user, 'coins_500');
    const plan = kit.transaction({ productId: 'cliffhanger.vip.year', appAccountToken: token });
    const res = await kit.confirm(user, orderId, plan.jws);
    expect(res.statusCode).toBe(409);
    expect(envelope(res).code).toBe(Code.IAP_PRODUCT_MISMATCH);
    expect(await kit.coin(user.user.uid)).toBe(0);
    expect(await vipEntries(user.user.uid)).toBe(0);
  });
});
