import type { Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { startFakeStripe, type FakeStripe } from '@cliffhanger/test-kit/fakes/fake-stripe';
import { envelope } from '../helpers/accounts.js';
import { createWalletKit, type WalletKit } from '../wallet/wallet-kit.js';

export const STRIPE_KEY = 'sk_test_cliffhangerPayments';
export const WEBHOOK_SECRET = 'whsec_cliffhangerPaymentsTests';

export interface PaymentsKit extends WalletKit {
  stripe: FakeStripe;
  /** Where the fake delivers webhooks (the listening app). */
  webhookUrl: string;
  /** POST /member/purchase as `user`; answers the order id and the Checkout Session id. */
  buy(user: Session, product: string): Promise<{ orderId: string; sessionId: string }>;
  order(user: Session, orderId: string): Promise<{ code: number; data: Record<string, unknown> }>;
  membership(user: Session): Promise<Record<string, unknown>>;
  /** users.vip_expires_at in ms (0 when never VIP): readable after the clock moved past a token's life. */
  vipUntil(uid: number): Promise<number>;
}

/**
 * The app listening on a local port with Stripe configured against the fake Stripe, which
 * delivers signed webhooks to it. The app's clock starts at real time (webhook signatures are
 * checked against real time, as Stripe's SDK does) and the fake follows the app's clock.
 */
export async function createPaymentsKit(): Promise<PaymentsKit> {
  let kit: WalletKit | undefined;
  let webhookUrl = '';
  const stripe = await startFakeStripe({
    secretKey: STRIPE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    now: () => (kit ? kit.clock.now().getTime() : Date.now()),
    // Stripe's SDK checks a signature's age against real time, so signatures carry real time.
    signatureNow: Date.now,
  });
  try {
    kit = await createWalletKit({
      env: { STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url },
      clockStart: new Date(),
    });
    const address = await kit.t.app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `${address}/api/v1/payments/stripe/webhook`;
    stripe.setWebhookUrl(webhookUrl);
  } catch (error) {
    await kit?.close();
    await stripe.close();
    throw error;
  }
  const base = kit;
  return {
    ...base,
    stripe,
    webhookUrl,
    async buy(user, product) {
      const res = await base.call('POST', '/member/purchase', {
        token: user.token,
        payload: { product, pay_channel: 'stripe' },
      });
      const body = envelope<{ order_id: string; checkout_url: string }>(res);
      if (body.code !== 200) throw new Error(`purchase failed: ${res.body}`);
      const sessionId = new URL(body.data.checkout_url).pathname.split('/').pop() ?? '';
      return { orderId: body.data.order_id, sessionId };
    },
    async order(user, orderId) {
      return envelope(await base.call('GET', `/orders/${orderId}`, { token: user.token }));
    },
    async membership(user) {
      return envelope(await base.call('GET', '/member', { token: user.token })).data as Record<string, unknown>;
    },
    vipUntil: (uid) =>
      base.scalar(sql`SELECT COALESCE(EXTRACT(EPOCH FROM vip_expires_at) * 1000, 0) FROM users WHERE id = ${uid}`),
    async close() {
      await base.close();
      await stripe.close();
    },
  };
}
