import { CURRENCY, getCoinTypes, getMemberTypes, postMemberConfirm, postMemberPurchase } from '@cliffhanger/contract/browser';
import { api } from '../api-client';
import type { IapServer } from './iap-flow';

export interface AppIapServer extends IapServer {
  /** Our product id → its App Store id, known once productIds() has run. */
  appleIdOf(product: string): string | undefined;
}

/** The flow's server calls over the API client (Code.ALREADY_OWNED on confirm resolves, as every success code). */
export function apiIapServer(): AppIapServer {
  const appleIds = new Map<string, string>();
  return {
    async productIds() {
      const [plans, packs] = await Promise.all([
        api.call(getMemberTypes, { query: { pay_channel: 'apple', currency: CURRENCY } }),
        api.call(getCoinTypes, { query: { currency: CURRENCY } }),
      ]);
      for (const plan of plans.data) if (plan.product_id) appleIds.set(plan.id, plan.product_id);
      for (const pack of packs.data) if (pack.apple_product_id) appleIds.set(pack.id, pack.apple_product_id);
      return {
        subscriptions: plans.data.flatMap((plan) => (plan.product_id ? [plan.product_id] : [])),
        consumables: packs.data.flatMap((pack) => (pack.apple_product_id ? [pack.apple_product_id] : [])),
      };
    },
    async createOrder(product) {
      const { data } = await api.call(postMemberPurchase, { body: { product, pay_channel: 'apple' } });
      if (!data.app_account_token) throw new Error('The order has no app account token');
      return { orderId: data.order_id, appAccountToken: data.app_account_token };
    },
    async confirm(orderId, sign) {
      await api.call(postMemberConfirm, { body: { order_id: orderId, sign } });
    },
    appleIdOf: (product) => appleIds.get(product),
  };
}
