import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { createWalletKit, type WalletKit } from '../wallet/wallet-kit.js';

describe('payments without Stripe configured', () => {
  let kit: WalletKit;
  beforeAll(async () => {
    kit = await createWalletKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('still lists plans and packs with their prices', async () => {
    expect(envelope(await kit.call('GET', '/member/type?pay_channel=stripe&currency=USD')).data).toHaveLength(4);
    expect(envelope(await kit.call('GET', '/coin/type?currency=USD')).data).toHaveLength(5);
  });

  it('answers 50002 to a purchase and creates no order', async () => {
    const user = await kit.user();
    const res = await kit.call('POST', '/member/purchase', {
      token: user.token,
      payload: { product: 'coins_100', pay_channel: 'stripe' },
    });
    expect(res.statusCode).toBe(409);
    expect(envelope(res).code).toBe(Code.PAYMENT_CHANNEL_UNAVAILABLE);
    expect(await kit.scalar(sql`SELECT count(*) FROM orders`)).toBe(0);
  });

  it('answers 50002 on the webhook and for the billing portal', async () => {
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"id":"evt_1","object":"event"}',
    });
    expect(envelope(res).code).toBe(Code.PAYMENT_CHANNEL_UNAVAILABLE);
    const user = await kit.user();
    expect(envelope(await kit.call('POST', '/member/portal', { token: user.token })).code).toBe(
      Code.PAYMENT_CHANNEL_UNAVAILABLE,
    );
    expect(envelope(await kit.call('GET', '/member', { token: user.token })).data).toEqual({
      active: false,
      expires_at: null,
      subscription: null,
    });
  });

  it('answers 50002 to an App Store confirm and notification when APPLE_BUNDLE_ID is unset', async () => {
    const user = await kit.user();
    const confirm = await kit.call('POST', '/member/confirm', {
      token: user.token,
      payload: { order_id: 'ord_0123456789abcdefABCDEFGH', sign: 'a.b.c' },
    });
    expect(envelope(confirm).code).toBe(Code.PAYMENT_CHANNEL_UNAVAILABLE);
    const notification = await kit.t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/apple/notifications',
      payload: { signedPayload: 'a.b.c' },
    });
    expect(envelope(notification).code).toBe(Code.PAYMENT_CHANNEL_UNAVAILABLE);
  });
});

describe('payments when Stripe cannot be reached', () => {
  let kit: WalletKit;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    kit = await createWalletKit({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_unreachable',
        STRIPE_WEBHOOK_SECRET: 'whsec_unreachable',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('answers 50004 and marks the order failed: nothing was charged', async () => {
    const user = await kit.user();
    const res = await kit.call('POST', '/member/purchase', {
      token: user.token,
      payload: { product: 'vip_week', pay_channel: 'stripe' },
    });
    expect(envelope(res).code).toBe(Code.PAYMENT_PROVIDER_ERROR);
    expect(
      await kit.scalar(sql`SELECT count(*) FROM orders WHERE user_id = ${user.user.uid} AND status = 'failed'`),
    ).toBe(1);
  });
});
