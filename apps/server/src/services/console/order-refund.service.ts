import { Code } from '@cliffhanger/contract';
import type { ConsoleRefund } from '@cliffhanger/contract/console';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { OrderRefundRow, OrderRow } from '../../db/payments.schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { ConsoleOrdersRepository } from '../../repositories/console-orders.repository.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import { OrderRefundsRepository } from '../../repositories/order-refunds.repository.js';
import { OrdersRepository } from '../../repositories/orders.repository.js';
import type { RefundState, StripeGateway } from '../payments/stripe-gateway.js';
import { refundableCents, toConsoleRefund } from './order-views.js';

/** Who asks for a refund and why. */
export interface RefundActor {
  operatorId: number;
  reason: string;
}

export interface OrderRefundServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Undefined when Stripe is not configured: nothing can be refunded. */
  stripe: Pick<StripeGateway, 'refund' | 'paymentIntentOfInvoice'> | undefined;
}

/** A refund row written and committed, waiting for Stripe's answer. */
interface Reserved {
  order: OrderRow;
  refund: OrderRefundRow;
  /** Where Stripe finds the payment: the pack's payment intent, or the plan's first invoice. */
  payment: { paymentIntentId: string } | { invoiceId: string };
}

/** A subscription's first payment is keyed `stripe:<invoice id>` in the VIP ledger (ledger-keys.ts). */
const INVOICE_KEY = /^stripe:(in_[A-Za-z0-9_]+)$/;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Refunds of Stripe orders from the console (docs/console.md#orders-and-refunds). The refund is
 * first written as `pending`, with the order row locked and its audit entry, and committed; then
 * Stripe is asked. Concurrent refunds of one order queue on the lock, and each counts the pending
 * and succeeded refunds before it, so together they never exceed the price. What a refund takes
 * back (coins, VIP) is done by Stripe's `charge.refunded` webhook, exactly as for a Dashboard refund.
 */
export class OrderRefundService {
  private readonly orders: ConsoleOrdersRepository;
  private readonly refunds: OrderRefundsRepository;
  private readonly audit: OperatorsAuditRepository;
  private readonly lockedOrders: OrdersRepository;

  constructor(private readonly deps: OrderRefundServiceDeps) {
    this.orders = new ConsoleOrdersRepository(deps.db);
    this.refunds = new OrderRefundsRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
    this.lockedOrders = new OrdersRepository(deps.db);
  }

  async refund(publicId: string, amountCents: number, actor: RefundActor): Promise<ConsoleRefund> {
    const reserved = await this.reserve(publicId, amountCents, actor);
    return this.askStripe(reserved);
  }

  /** Step one, in one transaction: the checks under the order's lock, the pending row, the audit entry. */
  private async reserve(publicId: string, amountCents: number, actor: RefundActor): Promise<Reserved> {
    // The plan's first invoice is read before the lock: the VIP ledger only grows, and the order's
    // status, checked under the lock, says whether that payment is still unrefunded.
    const order = await this.orders.findByPublicId(publicId);
    if (!order) throw new AppError(Code.NOT_FOUND, `No order ${publicId}`);
    const invoiceKey = order.kind === 'vip' ? await this.orders.firstPaymentKey(order.id) : undefined;
    return this.deps.db.transaction(async (tx) => {
      const locked = await this.lockedOrders.lockByPublicId(publicId, tx);
      if (!locked) throw new AppError(Code.NOT_FOUND, `No order ${publicId}`);
      const payment = this.paymentOf(locked, invoiceKey);
      const held = await this.refunds.heldCents(locked.id, tx);
      const remaining = refundableCents(locked, held);
      if (!payment || locked.status !== 'fulfilled') {
        throw new AppError(
          Code.ORDER_NOT_REFUNDABLE,
          `${publicId} is a ${locked.status} ${locked.channel} order: only a paid Stripe order is refunded here`,
        );
      }
      if (!this.deps.stripe) {
        throw new AppError(Code.PAYMENT_CHANNEL_UNAVAILABLE, 'Stripe is not configured here: nothing can be refunded');
      }
      if (amountCents > remaining) {
        throw new AppError(
          Code.REFUND_EXCEEDS_REMAINING,
          `${amountCents} cents is more than the ${remaining} cents left to refund`,
          { remaining_cents: remaining },
        );
      }
      const refund = await this.refunds.insert(
        {
          orderId: locked.id,
          amountCents,
          currency: locked.currency,
          operatorId: actor.operatorId,
          reason: actor.reason,
        },
        tx,
      );
      await this.audit.insert(
        {
          operatorId: actor.operatorId,
          at: this.deps.clock(),
          action: 'order.refund',
          target: `order:${publicId}`,
          before: { refunds_held_cents: held, refundable_cents: remaining },
          after: {
            refund_id: refund.id,
            amount_cents: amountCents,
            refunds_held_cents: held + amountCents,
            refundable_cents: remaining - amountCents,
          },
          reason: actor.reason,
        },
        tx,
      );
      return { order: locked, refund, payment };
    });
  }

  /**
   * Step two: Stripe is asked, with the row's id as the idempotency key. A refusal or an
   * unreachable Stripe fails the row, so its amount may be refunded again; should Stripe have made
   * the refund after all (an answer lost on the way), its `refund.*` webhook names the row and sets
   * it right, and its `charge.refunded` takes back what was bought as usual.
   */
  private async askStripe({ order, refund, payment }: Reserved): Promise<ConsoleRefund> {
    const { stripe } = this.deps;
    if (!stripe) throw new Error('Stripe is checked before a refund is reserved');
    let answer: RefundState;
    try {
      answer = await stripe.refund({
        paymentIntentId: await this.paymentIntentOf(stripe, payment),
        amountCents: refund.amountCents,
        refundId: refund.id,
        orderPublicId: order.publicId,
      });
    } catch (error) {
      this.deps.log.warn({ order: order.publicId, refund: refund.id, err: error }, 'Stripe refund failed');
      await this.refunds.markFailed(refund.id, messageOf(error), this.deps.clock());
      throw new AppError(Code.PAYMENT_PROVIDER_ERROR, `Stripe did not refund: ${messageOf(error)}`, {
        refund_id: refund.id,
      });
    }
    await this.refunds.recordAnswer(
      refund.id,
      { providerRefundId: answer.id, status: answer.status, failureReason: answer.failureReason },
      this.deps.clock(),
    );
    return this.view(refund.id);
  }

  private async paymentIntentOf(
    stripe: NonNullable<OrderRefundServiceDeps['stripe']>,
    payment: Reserved['payment'],
  ): Promise<string> {
    if ('paymentIntentId' in payment) return payment.paymentIntentId;
    const found = await stripe.paymentIntentOfInvoice(payment.invoiceId);
    if (!found) throw new Error(`Stripe has no payment of invoice ${payment.invoiceId}`);
    return found;
  }

  private paymentOf(order: OrderRow, invoiceKey: string | undefined): Reserved['payment'] | undefined {
    if (order.channel !== 'stripe') return undefined;
    if (order.kind === 'coins') {
      return order.stripePaymentIntentId ? { paymentIntentId: order.stripePaymentIntentId } : undefined;
    }
    const invoiceId = INVOICE_KEY.exec(invoiceKey ?? '')?.[1];
    return invoiceId ? { invoiceId } : undefined;
  }

  private async view(refundId: number): Promise<ConsoleRefund> {
    const found = await this.refunds.findWithOperator(refundId);
    if (!found) throw new Error(`order_refunds ${refundId} vanished`);
    return toConsoleRefund(found.refund, found.operatorEmail);
  }
}
