import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningChain, signJws, transactionPayload } from '@cliffhanger/test-kit/fakes/fake-app-store';
import { envelope } from '../helpers/accounts.js';
import { BUNDLE_ID, createAppleKit, type AppleKit } from './apple-kit.js';

const DAY_MS = 86_400_000;

/**
 * App Store purchases through the HTTP API. Transactions and notifications are signed by a
 * self-made chain carrying Apple's marker OIDs, and the server's verifier (Apple's library)
 * trusts only that chain's root, so the real verification code runs on every request.
 */
describe('App Store purchases', () => {
  let kit: AppleKit;

  beforeAll(async () => {
    kit = await createAppleKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  const recharges = (uid: number) =>
    kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${uid} AND kind = 'recharge'`);

  /** A signed-in user with a confirmed month subscription bought now. */
  async function subscribed() {
    const user = await kit.user();
    const { orderId, token } = await kit.buy(user, 'vip_month');
    const now = kit.clock.now().getTime();
    const first = kit.transaction({
      productId: 'cliffhanger.vip.month',
      appAccountToken: token,
      purchaseDate: now,
      expiresDate: now + 30 * DAY_MS,
    });
    expect(envelope(await kit.confirm(user, orderId, first.jws)).code).toBe(200);
    return { user, orderId, token, first, now };
  }

  describe('POST /member/confirm', () => {
    it('credits a coin pack once; the same transaction again answers 10019 and credits nothing', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_500');
      const { jws } = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token });

      const first = envelope(await kit.confirm(user, orderId, jws));
      expect(first.code).toBe(200);
      expect(first.data).toMatchObject({
        order_id: orderId,
        status: 'fulfilled',
        coins_credited: 550,
        pay_channel: 'apple',
      });
      expect(await kit.coin(user.user.uid)).toBe(550);

      const again = envelope(await kit.confirm(user, orderId, jws));
      expect(again.code).toBe(Code.ALREADY_OWNED);
      expect(again.data).toMatchObject({ order_id: orderId, status: 'fulfilled' });
      expect(await kit.coin(user.user.uid)).toBe(550);
      expect(await recharges(user.user.uid)).toBe(1);
      expect((await kit.reconcile()).differences).toEqual([]);
    });

    it('accepts the token in upper case, as StoreKit may print a UUID', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_100');
      const { jws } = kit.transaction({ productId: 'cliffhanger.coins.100', appAccountToken: token.toUpperCase() });
      expect(envelope(await kit.confirm(user, orderId, jws)).code).toBe(200);
      expect(await kit.coin(user.user.uid)).toBe(100);
    });

    it('extends VIP until the transaction expiry and records the App Store subscription', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'vip_month');
      const now = kit.clock.now().getTime();
      const { jws, id } = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        purchaseDate: now,
        expiresDate: now + 30 * DAY_MS,
      });
      const body = envelope(await kit.confirm(user, orderId, jws));
      expect(body.code).toBe(200);
      expect(body.data).toMatchObject({ status: 'fulfilled', coins_credited: 0 });
      expect(Math.abs((await kit.vipUntil(user.user.uid)) - (now + 30 * DAY_MS))).toBeLessThan(2000);
      const member = envelope(await kit.call('GET', '/member', { token: user.token })).data;
      expect(member).toMatchObject({
        active: true,
        subscription: { pay_channel: 'apple', status: 'active', manageable: false, cancel_at_period_end: false },
      });
      expect(await kit.scalar(sql`SELECT count(*) FROM subscriptions WHERE provider_subscription_id = ${id}`)).toBe(1);
    });

    it('refuses a forged signature: another key than the chain leaf', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_500');
      const { jws } = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token });
      const [header, payload] = jws.split('.');
      const other = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token }).jws.split('.')[2];
      const tampered = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      tampered.productId = 'cliffhanger.coins.500';
      tampered.transactionId = '1';
      const forged = `${header}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${other}`;
      const res = await kit.confirm(user, orderId, forged);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).code).toBe(Code.PAYMENT_SIGNATURE_INVALID);
      expect(await kit.coin(user.user.uid)).toBe(0);
    });

    it("refuses a chain the server does not trust, and a trusted-looking chain without Apple's OIDs", async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_500');
      for (const chain of [createSigningChain('Impostor'), createSigningChain('No markers', false)]) {
        const { jws } = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token }, chain);
        expect(envelope(await kit.confirm(user, orderId, jws)).code).toBe(Code.PAYMENT_SIGNATURE_INVALID);
      }
      // The trusted root with an untrusted intermediate and leaf: the chain is broken.
      const impostor = createSigningChain('Broken');
      const broken = { ...impostor, x5c: [impostor.x5c[0]!, impostor.x5c[1]!, kit.chain.x5c[2]!] };
      const payload = transactionPayload(
        { productId: 'cliffhanger.coins.500', appAccountToken: token },
        { bundleId: BUNDLE_ID, now: kit.clock.now().getTime() },
      );
      expect(envelope(await kit.confirm(user, orderId, signJws(payload, broken))).code).toBe(
        Code.PAYMENT_SIGNATURE_INVALID,
      );
      expect(await kit.coin(user.user.uid)).toBe(0);
    });

    it('refuses another app (bundle id) and another environment', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_500');
      const otherApp = kit.transaction({
        productId: 'cliffhanger.coins.500',
        appAccountToken: token,
        bundleId: 'com.example.other',
      });
      const wrongApp = await kit.confirm(user, orderId, otherApp.jws);
      expect(wrongApp.statusCode).toBe(400);
      expect(envelope(wrongApp).code).toBe(Code.IAP_WRONG_APP);
      const production = kit.transaction({
        productId: 'cliffhanger.coins.500',
        appAccountToken: token,
        environment: 'Production',
      });
      expect(envelope(await kit.confirm(user, orderId, production.jws)).code).toBe(Code.IAP_WRONG_ENVIRONMENT);
      expect(await kit.coin(user.user.uid)).toBe(0);
      // Refusals claim nothing: the genuine transaction still confirms afterwards.
      const { jws } = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token });
      expect(envelope(await kit.confirm(user, orderId, jws)).code).toBe(200);
    });

    it("refuses another product than the order's", async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_100');
      const { jws } = kit.transaction({ productId: 'cliffhanger.coins.5000', appAccountToken: token });
      const res = await kit.confirm(user, orderId, jws);
      expect(res.statusCode).toBe(409);
      expect(envelope(res).code).toBe(Code.IAP_PRODUCT_MISMATCH);
      expect(await kit.coin(user.user.uid)).toBe(0);
    });

    it("refuses a transaction bought with another user's token, and another user's order", async () => {
      const alice = await kit.user();
      const mallory = await kit.user();
      const aliceOrder = await kit.buy(alice, 'coins_500');
      const malloryOrder = await kit.buy(mallory, 'coins_500');
      const aliceTx = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: aliceOrder.token });
      // Mallory replays Alice's transaction against her own order.
      expect(envelope(await kit.confirm(mallory, malloryOrder.orderId, aliceTx.jws)).code).toBe(
        Code.IAP_ACCOUNT_MISMATCH,
      );
      // ...or against Alice's order: it answers like an unknown order.
      expect(envelope(await kit.confirm(mallory, aliceOrder.orderId, aliceTx.jws)).code).toBe(Code.NOT_FOUND);
      // A transaction without any token cannot be tied to an order.
      const tokenless = kit.transaction({ productId: 'cliffhanger.coins.500' });
      expect(envelope(await kit.confirm(mallory, malloryOrder.orderId, tokenless.jws)).code).toBe(
        Code.IAP_ACCOUNT_MISMATCH,
      );
      expect(await kit.coin(mallory.user.uid)).toBe(0);
      expect(envelope(await kit.confirm(alice, aliceOrder.orderId, aliceTx.jws)).code).toBe(200);
      expect(await kit.coin(alice.user.uid)).toBe(550);
    });

    it('refuses a transaction Apple has already revoked', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_500');
      const { jws } = kit.transaction({
        productId: 'cliffhanger.coins.500',
        appAccountToken: token,
        revocationDate: kit.clock.now().getTime(),
      });
      expect(envelope(await kit.confirm(user, orderId, jws)).code).toBe(Code.IAP_TRANSACTION_REVOKED);
      expect(await kit.coin(user.user.uid)).toBe(0);
    });

    it('validates the body and needs a signed-in user', async () => {
      const user = await kit.user();
      const { orderId } = await kit.buy(user, 'coins_500');
      expect(envelope(await kit.confirm(user, orderId, 'not-a-jws')).code).toBe(Code.INVALID_INPUT);
      expect(envelope(await kit.confirm(user, 'ord_x', 'a.b.c')).code).toBe(Code.INVALID_INPUT);
      const visitor = await kit.call('POST', '/member/confirm', { payload: { order_id: orderId, sign: 'a.b.c' } });
      expect(envelope(visitor).code).toBe(Code.NOT_SIGNED_IN);
    });
  });

  describe("VIP within the transaction's own period", () => {
    const vipEntries = (uid: number) => kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${uid}`);

    it('grants nothing for a transaction that expired 10 days ago: 200 with the order unfulfilled, then 10019', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'vip_month');
      const now = kit.clock.now().getTime();
      const { jws } = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        purchaseDate: now - 40 * DAY_MS,
        expiresDate: now - 10 * DAY_MS,
      });
      const res = await kit.confirm(user, orderId, jws);
      // 200 so the shell finishes the transaction instead of sending it again at every launch.
      expect(res.statusCode).toBe(200);
      expect(envelope(res)).toMatchObject({ code: 200, data: { order_id: orderId, status: 'pending' } });
      expect(await kit.vipUntil(user.user.uid)).toBe(0);
      expect(await vipEntries(user.user.uid)).toBe(0);
      expect(envelope(await kit.call('GET', '/member', { token: user.token })).data).toMatchObject({ active: false });
      expect(envelope(await kit.confirm(user, orderId, jws)).code).toBe(Code.ALREADY_OWNED);
      expect(await kit.vipUntil(user.user.uid)).toBe(0);
    });

    it('ends VIP at the expiry of a transaction confirmed late, not a whole period from now', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'vip_month');
      const now = kit.clock.now().getTime();
      const { jws } = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        purchaseDate: now - 20 * DAY_MS,
        expiresDate: now + 10 * DAY_MS,
      });
      expect(envelope(await kit.confirm(user, orderId, jws))).toMatchObject({
        code: 200,
        data: { status: 'fulfilled' },
      });
      expect(Math.abs((await kit.vipUntil(user.user.uid)) - (now + 10 * DAY_MS))).toBeLessThan(2000);
    });

    it("refuses a period longer than the product's plan (50008) and grants nothing", async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'vip_week');
      const now = kit.clock.now().getTime();
      const { jws } = kit.transaction({
        productId: 'cliffhanger.vip.week',
        appAccountToken: token,
        purchaseDate: now,
        expiresDate: now + 30 * DAY_MS,
      });
      const res = await kit.confirm(user, orderId, jws);
      expect(res.statusCode).toBe(409);
      expect(envelope(res).code).toBe(Code.IAP_PRODUCT_MISMATCH);
      expect(await kit.vipUntil(user.user.uid)).toBe(0);
      expect(await vipEntries(user.user.uid)).toBe(0);
    });

    it('accepts a calendar month of 31 days with up to a day of slack', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'vip_month');
      const now = kit.clock.now().getTime();
      const expires = now + 31 * DAY_MS + 12 * 3_600_000;
      const { jws } = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        purchaseDate: now,
        expiresDate: expires,
      });
      expect(envelope(await kit.confirm(user, orderId, jws)).code).toBe(200);
      expect(Math.abs((await kit.vipUntil(user.user.uid)) - expires)).toBeLessThan(2000);
    });

    it('a renewal notification: an expired transaction grants nothing, an overlong one is refused, both answered 200', async () => {
      const { user, token, first, now } = await subscribed();
      const paidUntil = await kit.vipUntil(user.user.uid);

      const stale = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        originalTransactionId: first.id,
        purchaseDate: now - 60 * DAY_MS,
        expiresDate: now - 30 * DAY_MS,
      });
      const staleRes = await kit.notify({ notificationType: 'DID_RENEW', signedTransactionInfo: stale.jws });
      expect(staleRes.statusCode).toBe(200);
      expect(envelope<{ outcome: string }>(staleRes).data.outcome).toMatch(/expired/);

      const overlong = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        originalTransactionId: first.id,
        purchaseDate: now + 30 * DAY_MS,
        expiresDate: now + 400 * DAY_MS,
      });
      const overlongRes = await kit.notify({ notificationType: 'DID_RENEW', signedTransactionInfo: overlong.jws });
      expect(overlongRes.statusCode).toBe(200);
      expect(envelope<{ outcome: string }>(overlongRes).data.outcome).toMatch(/refused/);

      expect(await kit.vipUntil(user.user.uid)).toBe(paidUntil);
      expect(await vipEntries(user.user.uid)).toBe(1);
    });

    it("a renewal into another plan of the group (an upgrade) is checked against that plan's length", async () => {
      const { user, token, first, now } = await subscribed();
      const yearly = kit.transaction({
        productId: 'cliffhanger.vip.year',
        appAccountToken: token,
        originalTransactionId: first.id,
        purchaseDate: now + 30 * DAY_MS,
        expiresDate: now + 395 * DAY_MS,
      });
      const res = await kit.notify({ notificationType: 'DID_RENEW', signedTransactionInfo: yearly.jws });
      expect(envelope<{ outcome: string }>(res).data.outcome).toMatch(/VIP extended/);
      expect(Math.abs((await kit.vipUntil(user.user.uid)) - (now + 395 * DAY_MS))).toBeLessThan(2000);
    });
  });

  describe('App Store Server Notifications V2', () => {
    it('DID_RENEW extends VIP once; the same notification again changes nothing', async () => {
      const { user, token, first, now } = await subscribed();
      const renewal = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        originalTransactionId: first.id,
        purchaseDate: now + 30 * DAY_MS,
        expiresDate: now + 60 * DAY_MS,
      });
      const fields = {
        notificationType: 'DID_RENEW',
        notificationUUID: crypto.randomUUID(),
        signedTransactionInfo: renewal.jws,
      };
      const res = await kit.notify(fields);
      expect(res.statusCode).toBe(200);
      expect(envelope<{ outcome: string }>(res).data.outcome).toMatch(/VIP extended/);
      expect(Math.abs((await kit.vipUntil(user.user.uid)) - (now + 60 * DAY_MS))).toBeLessThan(2000);

      const duplicate = envelope<{ outcome: string }>(await kit.notify(fields));
      expect(duplicate.data.outcome).toBe('duplicate: handled before');
      expect(Math.abs((await kit.vipUntil(user.user.uid)) - (now + 60 * DAY_MS))).toBeLessThan(2000);
      expect(
        await kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${user.user.uid} AND kind = 'renewal'`),
      ).toBe(1);
    });

    it('a renewal confirmed by the shell and then notified extends once', async () => {
      const { user, orderId, token, first, now } = await subscribed();
      const renewal = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        originalTransactionId: first.id,
        purchaseDate: now + 30 * DAY_MS,
        expiresDate: now + 60 * DAY_MS,
      });
      expect(envelope(await kit.confirm(user, orderId, renewal.jws)).code).toBe(200);
      const notified = envelope<{ outcome: string }>(
        await kit.notify({ notificationType: 'DID_RENEW', signedTransactionInfo: renewal.jws }),
      );
      expect(notified.data.outcome).toBe('transaction already credited');
      expect(Math.abs((await kit.vipUntil(user.user.uid)) - (now + 60 * DAY_MS))).toBeLessThan(2000);
    });

    it('REFUND of a pack takes the coins back through the ledger', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_500');
      const tx = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token });
      expect(envelope(await kit.confirm(user, orderId, tx.jws)).code).toBe(200);
      const refunded = kit.transaction({
        productId: 'cliffhanger.coins.500',
        appAccountToken: token,
        transactionId: tx.id,
        revocationDate: kit.clock.now().getTime(),
      });
      const res = envelope<{ outcome: string }>(
        await kit.notify({ notificationType: 'REFUND', signedTransactionInfo: refunded.jws }),
      );
      expect(res.data.outcome).toBe('reversed 550 coins, 0 unrecoverable');
      expect(await kit.coin(user.user.uid)).toBe(0);
      const order = envelope(await kit.call('GET', `/orders/${orderId}`, { token: user.token }));
      expect(order.data).toMatchObject({ status: 'refunded' });
      expect((await kit.reconcile()).differences).toEqual([]);
    });

    it('REFUND of VIP takes back the time the transaction bought', async () => {
      const { user, first, token, now } = await subscribed();
      const refunded = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        transactionId: first.id,
        purchaseDate: now,
        expiresDate: now + 30 * DAY_MS,
        revocationDate: now,
      });
      const res = envelope<{ outcome: string }>(
        await kit.notify({ notificationType: 'REVOKE', signedTransactionInfo: refunded.jws }),
      );
      expect(res.data.outcome).toMatch(/VIP shortened/);
      expect(await kit.vipUntil(user.user.uid)).toBeLessThanOrEqual(kit.clock.now().getTime() + 2000);
    });

    it('a refund that arrives before the confirm: the confirm then credits nothing (10019)', async () => {
      const user = await kit.user();
      const { orderId, token } = await kit.buy(user, 'coins_500');
      const tx = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: token });
      const refunded = kit.transaction({
        productId: 'cliffhanger.coins.500',
        appAccountToken: token,
        transactionId: tx.id,
        revocationDate: kit.clock.now().getTime(),
      });
      await kit.notify({ notificationType: 'REFUND', signedTransactionInfo: refunded.jws });
      expect(envelope(await kit.confirm(user, orderId, tx.jws)).code).toBe(Code.ALREADY_OWNED);
      expect(await kit.coin(user.user.uid)).toBe(0);
    });

    it('DID_CHANGE_RENEWAL_STATUS and EXPIRED update the subscription', async () => {
      const { user, first, token, now } = await subscribed();
      const info = kit.transaction({
        productId: 'cliffhanger.vip.month',
        appAccountToken: token,
        transactionId: first.id,
        purchaseDate: now,
        expiresDate: now + 30 * DAY_MS,
      });
      await kit.notify({
        notificationType: 'DID_CHANGE_RENEWAL_STATUS',
        subtype: 'AUTO_RENEW_DISABLED',
        signedTransactionInfo: info.jws,
      });
      const member = envelope(await kit.call('GET', '/member', { token: user.token })).data;
      expect(member).toMatchObject({ subscription: { cancel_at_period_end: true } });
      kit.clock.advance(31 * 86_400);
      const expired = envelope<{ outcome: string }>(
        await kit.notify({ notificationType: 'EXPIRED', subtype: 'VOLUNTARY', signedTransactionInfo: info.jws }),
      );
      expect(expired.data.outcome).toBe('subscription expired');
      // (The access token has expired by now: the database is read directly.)
      expect(
        await kit.scalar(
          sql`SELECT count(*) FROM subscriptions WHERE provider_subscription_id = ${first.id} AND status = 'expired' AND ended_at IS NOT NULL`,
        ),
      ).toBe(1);
      expect(await kit.vipUntil(user.user.uid)).toBeLessThan(kit.clock.now().getTime());
    });

    it('refuses a forged notification, another app and another environment, writing nothing', async () => {
      const before = await kit.scalar(sql`SELECT count(*) FROM payment_events`);
      const forged = await kit.notify({ notificationType: 'TEST' }, createSigningChain('Impostor'));
      expect(forged.statusCode).toBe(400);
      expect(envelope(forged).code).toBe(Code.PAYMENT_SIGNATURE_INVALID);
      expect(envelope(await kit.notify({ notificationType: 'TEST', bundleId: 'com.example.other' })).code).toBe(
        Code.IAP_WRONG_APP,
      );
      expect(envelope(await kit.notify({ notificationType: 'TEST', environment: 'Production' })).code).toBe(
        Code.IAP_WRONG_ENVIRONMENT,
      );
      const missing = await kit.t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/apple/notifications',
        payload: {},
      });
      expect(envelope(missing).code).toBe(Code.PAYMENT_SIGNATURE_INVALID);
      expect(await kit.scalar(sql`SELECT count(*) FROM payment_events`)).toBe(before);
    });

    it('answers 200 to a TEST notification and to notifications about unknown orders', async () => {
      const test = envelope<{ outcome: string }>(await kit.notify({ notificationType: 'TEST' }));
      expect(test.code).toBe(200);
      expect(test.data.outcome).toBe('ignored: no transaction');
      const stranger = kit.transaction({ productId: 'cliffhanger.coins.500', appAccountToken: crypto.randomUUID() });
      const unknown = envelope<{ outcome: string }>(
        await kit.notify({ notificationType: 'ONE_TIME_CHARGE', signedTransactionInfo: stranger.jws }),
      );
      expect(unknown.data.outcome).toBe('ignored: unknown order');
    });
  });
});
