import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orders, type NewOrderRow, type OrderRow } from '../db/payments.schema.js';

export type OrderChanges = Partial<Omit<NewOrderRow, 'id' | 'publicId' | 'userId' | 'productId' | 'createdAt'>>;

/** SQL on orders. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewOrderRow, tx: Db = this.db): Promise<OrderRow> {
    const [row] = await tx.insert(orders).values(values).returning();
    if (!row) throw new Error('insert into orders returned no row');
    return row;
  }

  async findByPublicId(publicId: string, tx: Db = this.db): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
    return row;
  }

  /**
   * Row-locks an order until the transaction ends. Every fulfilment and reversal of an order
   * takes this lock first (then the wallet's user lock), so two notifications about one order
   * apply one after the other and see each other's effect.
   */
  async lockByPublicId(publicId: string, tx: Db): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.publicId, publicId)).limit(1).for('update');
    return row;
  }

  async findByPaymentIntent(paymentIntentId: string, tx: Db = this.db): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.stripePaymentIntentId, paymentIntentId)).limit(1);
    return row;
  }

  /** The Apple order whose app account token a transaction carries (renewals keep the first one's). */
  async lockByAppAccountToken(token: string, tx: Db): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.appAccountToken, token)).limit(1).for('update');
    return row;
  }

  async lockById(id: number, tx: Db): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
    return row;
  }

  async update(id: number, changes: OrderChanges, tx: Db = this.db): Promise<OrderRow> {
    const [row] = await tx
      .update(orders)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(orders.id, id))
      .returning();
    if (!row) throw new Error(`no order ${id}`);
    return row;
  }

  /** Marks a still-pending order as failed or canceled; a settled order is left alone. */
  async settlePending(id: number, status: 'failed' | 'canceled', tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(orders)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    return rows.length > 0;
  }
}
