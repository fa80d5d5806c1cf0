import type { ConsoleOrder, ConsoleOrderRow, ConsoleRefund } from '@cliffhanger/contract/console';
import type { OrderRefundRow, OrderRow } from '../../db/payments.schema.js';

/**
 * What the console may still refund of an order: a paid Stripe order's price less its refunds that
 * are pending or succeeded, the console's and those made in Stripe's Dashboard alike (each is an
 * order_refunds row). The order page shows this and the refund service allows exactly this. Apple
 * orders are refunded by Apple (its notifications take back what they bought), and an order not
 * (or no longer) fulfilled has nothing to refund: a pack refunded in full, or a plan whose first
 * payment was refunded, is `refunded`.
 */
export function refundableCents(order: OrderRow, heldCents: number): number {
  if (order.channel !== 'stripe' || order.status !== 'fulfilled') return 0;
  return Math.max(0, order.priceCents - heldCents);
}

export function toConsoleOrderRow(order: OrderRow): ConsoleOrderRow {
  return {
    id: order.publicId,
    uid: order.userId,
    product_id: order.productId,
    kind: order.kind,
    channel: order.channel,
    status: order.status,
    price_cents: order.priceCents,
    currency: order.currency,
    flagged: order.flaggedAt !== null,
    created_at: order.createdAt.toISOString(),
  };
}

export function toConsoleOrder(order: OrderRow, heldCents: number): ConsoleOrder {
  return {
    ...toConsoleOrderRow(order),
    period: order.period,
    coins: order.coins,
    bonus_coins: order.bonusCoins,
    coins_credited: order.coinsCredited,
    coins_reversed: order.coinsReversed,
    coins_unrecovered: order.coinsUnrecovered,
    vip_expires_at: order.vipExpiresAt?.toISOString() ?? null,
    flag_reason: order.flagReason,
    fulfilled_at: order.fulfilledAt?.toISOString() ?? null,
    stripe_payment_intent_id: order.stripePaymentIntentId,
    stripe_subscription_id: order.stripeSubscriptionId,
    refunds_held_cents: heldCents,
    refundable_cents: refundableCents(order, heldCents),
  };
}

export function toConsoleRefund(refund: OrderRefundRow, operatorEmail: string | null): ConsoleRefund {
  return {
    id: refund.id,
    amount_cents: refund.amountCents,
    currency: refund.currency,
    status: refund.status,
    provider_refund_id: refund.providerRefundId,
    failure_reason: refund.failureReason,
    operator:
      refund.operatorId !== null && operatorEmail !== null ? { id: refund.operatorId, email: operatorEmail } : null,
    reason: refund.reason,
    created_at: refund.createdAt.toISOString(),
    updated_at: refund.updatedAt.toISOString(),
  };
}
