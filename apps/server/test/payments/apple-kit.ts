import type { Session } from '@cliffhanger/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  createSigningChain,
  notificationPayload,
  rootCertsDir,
  signJws,
  transactionPayload,
  type NotificationFields,
  type SigningChain,
  type TransactionFields,
} from '@cliffhanger/test-kit/fakes/fake-app-store';
import { envelope } from '../helpers/accounts.js';
import { createWalletKit, type WalletKit } from '../wallet/wallet-kit.js';

export const BUNDLE_ID = 'app.cliffhanger.tests';

export interface AppleKit extends WalletKit {
  /** The chain whose root the server trusts. */
  chain: SigningChain;
  /** POST /member/purchase with pay_channel apple: the order and its app account token. */
  buy(user: Session, product: string): Promise<{ orderId: string; token: string }>;
  /** A StoreKit signed transaction (signed by `chain` unless another is given). */
  transaction(fields: TransactionFields, chain?: SigningChain): { jws: string; id: string };
  confirm(user: Session, orderId: string, sign: string): Promise<LightMyRequestResponse>;
  /** A signed App Store Server Notification V2 posted to the notifications URL. */
  notify(fields: NotificationFields, chain?: SigningChain): Promise<LightMyRequestResponse>;
  vipUntil(uid: number): Promise<number>;
}

/** The app with in-app purchase configured for Sandbox, trusting only a self-made root with Apple's OIDs. */
export async function createAppleKit(): Promise<AppleKit> {
  const chain = createSigningChain();
  const roots = rootCertsDir(chain);
  let base: WalletKit;
  try {
    base = await createWalletKit({
      env: {
        APPLE_BUNDLE_ID: BUNDLE_ID,
        APPLE_ENVIRONMENT: 'Sandbox',
        APPLE_ROOT_CERTS_DIR: roots.dir,
        // No OCSP for a self-made chain; certificates are checked against the signing date.
        APPLE_ONLINE_CHECKS: 'false',
      },
      clockStart: new Date(),
    });
  } catch (error) {
    roots.remove();
    throw error;
  }
  const now = () => base.clock.now().getTime();
  return {
    ...base,
    chain,
    async buy(user, product) {
      const res = await base.call('POST', '/member/purchase', {
        token: user.token,
        payload: { product, pay_channel: 'apple' },
      });
      const body = envelope<{ order_id: string; app_account_token: string }>(res);
      if (body.code !== 200) throw new Error(`purchase failed: ${res.body}`);
      return { orderId: body.data.order_id, token: body.data.app_account_token };
    },
    transaction(fields, signer = chain) {
      const payload = transactionPayload(fields, { bundleId: BUNDLE_ID, now: now() });
      return { jws: signJws(payload, signer), id: payload.transactionId };
    },
    confirm: (user, orderId, sign) =>
      base.call('POST', '/member/confirm', { token: user.token, payload: { order_id: orderId, sign } }),
    notify: (fields, signer = chain) =>
      base.t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/apple/notifications',
        payload: { signedPayload: signJws(notificationPayload(fields, { bundleId: BUNDLE_ID, now: now() }), signer) },
      }),
    vipUntil: (uid) =>
      base.scalar(sql`SELECT COALESCE(EXTRACT(EPOCH FROM vip_expires_at) * 1000, 0) FROM users WHERE id = ${uid}`),
    async close() {
      await base.close();
      roots.remove();
    },
  };
}
