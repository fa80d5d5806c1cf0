import { CURRENCY, Code, type Order } from '@cliffhanger/contract';
import type { OrderRow } from '../../db/payments.schema.js';
import { AppError } from '../../http/envelope.js';
import type { OrdersRepository } from '../../repositories/orders.repository.js';

export function toOrder(row: OrderRow): Order {
  return {
    order_id: row.publicId,
    status: row.status,
    kind: row.kind,
    product: row.productId,
    pay_channel: row.channel,
    price_cents: row.priceCents,
    currency: CURRENCY,
    coins_credited: row.coinsCredited,
    vip_expires_at: row.vipExpiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    fulfilled_at: row.fulfilledAt?.toISOString() ?? null,
  };
}

/** Orders as their owner sees them (the payment result pages poll this). */
export class OrdersService {
  constructor(private readonly deps: { orders: OrdersRepository }) {}

  /** Another user's order answers exactly like an unknown one: nothing about it leaks. */
  async get(userId: number, publicId: string): Promise<Order> {
    const row = await this.deps.orders.findByPublicId(publicId);
    if (!row || row.userId !== userId) throw new AppError(Code.NOT_FOUND, 'Order not found');
    return toOrder(row);
  }
}
