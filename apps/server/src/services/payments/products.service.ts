import type { CoinPack, MemberPlan, PayChannel } from '@cliffhanger/contract';
import type { ProductsRepository } from '../../repositories/products.repository.js';
import { toCoinPack, toMemberPlan } from './product-views.js';

/** What is for sale, as the VIP page and the coin store list it. */
export class ProductsService {
  constructor(private readonly deps: { products: ProductsRepository }) {}

  /** Apple lists only plans that have an App Store product; Stripe sells every plan. */
  async plans(channel: PayChannel): Promise<MemberPlan[]> {
    const rows = await this.deps.products.listActive('vip');
    return rows.filter((row) => channel === 'stripe' || row.appleProductId !== null).map(toMemberPlan);
  }

  async packs(): Promise<CoinPack[]> {
    return (await this.deps.products.listActive('coins')).map(toCoinPack);
  }
}
