import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { operators } from '../db/operators.schema.js';
import { orderRefunds, type OrderRefundRow } from '../db/payments.schema.js';

type RefundStatus = OrderRefundRow['status'];

/** What the provider said of a refund: its id, its status, why it failed. */
export interface RefundAnswer {
  providerRefundId?: string | null;
  status: RefundStatus;
  failureReason?: string | null;
}

/** A refund with the e-mail of the operator who asked for it (null for one made in the provider's dashboard). */
export interface RefundWithOperator {
  refund: OrderRefundRow;
  operatorEmail: string | null;
}

/** SQL on order_refunds: the refunds of orders' payments, asked by operators or made at the provider. */
export class OrderRefundsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof orderRefunds.$inferInsert, tx: Db): Promise<OrderRefundRow> {
    const [row] = await tx.insert(orderRefunds).values(values).returning();
    if (!row) throw new Error('insert into order_refunds returned no row');
    return row;
  }

  /** Cents of the order's refunds, from anywhere, that are pending or succeeded: money gone or on its way back. */
  async heldCents(orderId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<string | number>`coalesce(sum(${orderRefunds.amountCents}), 0)` })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), inArray(orderRefunds.status, ['pending', 'succeeded'])));
    return Number(row?.cents ?? 0);
  }

  /**
   * Records what the provider said of a refund. Notifications may come out of order: a `pending`
   * never replaces a final state, while a final state (succeeded, failed, canceled) replaces
   * anything, since the provider's latest word on its refund is the truth.
   */
  async recordAnswer(
    id: number,
    answer: RefundAnswer,
    at: Date,
    tx: Db = this.db,
  ): Promise<OrderRefundRow | undefined> {
    const [row] = await tx
      .update(orderRefunds)
      .set({
        status: answer.status,
        ...(answer.providerRefundId ? { providerRefundId: answer.providerRefundId } : {}),
        ...(answer.failureReason !== undefined ? { failureReason: answer.failureReason } : {}),
        updatedAt: at,
      })
      .where(and(eq(orderRefunds.id, id), answer.status === 'pending' ? eq(orderRefunds.status, 'pending') : undefined))
      .returning();
    return row;
  }

  /**
   * The provider refused the refund (or could not be reached): the row fails, so its amount is
   * free again. Only a pending row: a notification that already said otherwise wins.
   */
  async markFailed(id: number, reason: string, at: Date, tx: Db = this.db): Promise<OrderRefundRow | undefined> {
    const [row] = await tx
      .update(orderRefunds)
      .set({ status: 'failed', failureReason: reason, updatedAt: at })
      .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pending')))
      .returning();
    return row;
  }

  async findWithOperator(id: number): Promise<RefundWithOperator | undefined> {
    const [row] = await this.db
      .select({ refund: orderRefunds, operatorEmail: operators.email })
      .from(orderRefunds)
      .leftJoin(operators, eq(operators.id, orderRefunds.operatorId))
      .where(eq(orderRefunds.id, id))
      .limit(1);
    return row;
  }

  async findById(id: number, tx: Db = this.db): Promise<OrderRefundRow | undefined> {
    const [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, id)).limit(1);
    return row;
  }

  async findByProviderRefundId(providerRefundId: string, tx: Db = this.db): Promise<OrderRefundRow | undefined> {
    const [row] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.providerRefundId, providerRefundId))
      .limit(1);
    return row;
  }

  /** An order's refunds, newest first, with who asked (no one, for a refund made at the provider). */
  listForOrder(orderId: number): Promise<RefundWithOperator[]> {
    return this.db
      .select({ refund: orderRefunds, operatorEmail: operators.email })
      .from(orderRefunds)
      .leftJoin(operators, eq(operators.id, orderRefunds.operatorId))
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(desc(orderRefunds.id));
  }
}
