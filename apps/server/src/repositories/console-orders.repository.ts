import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orders, paymentEvents, vipEntries, type OrderRow } from '../db/payments.schema.js';

/** The console's order search; every field is optional and they combine. */
export interface OrderSearch {
  publicId?: string | undefined;
  userId?: number | undefined;
  channel?: OrderRow['channel'] | undefined;
  productId?: string | undefined;
  status?: OrderRow['status'] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Orders older than this one (the previous page's last), by (created_at, id). */
  afterPublicId?: string | undefined;
}

/** SQL reads of orders for the console (docs/console.md#orders-and-refunds). */
export class ConsoleOrdersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Up to `limit` orders newest first by (created_at, id). The cursor's own row gives the bound,
   * read in the same statement, so the comparison uses the stored microseconds, never a rounded copy.
   */
  search(filter: OrderSearch, limit: number): Promise<OrderRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.publicId === undefined ? undefined : eq(orders.publicId, filter.publicId),
      filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
      filter.channel === undefined ? undefined : eq(orders.channel, filter.channel),
      filter.productId === undefined ? undefined : eq(orders.productId, filter.productId),
      filter.status === undefined ? undefined : eq(orders.status, filter.status),
      filter.from === undefined ? undefined : gte(orders.createdAt, filter.from),
      filter.to === undefined ? undefined : lt(orders.createdAt, filter.to),
    ];
    if (filter.afterPublicId !== undefined) {
      const cursor = sql`(SELECT created_at, id FROM orders WHERE public_id = ${filter.afterPublicId})`;
      const cursorAt = sql`(SELECT created_at FROM orders WHERE public_id = ${filter.afterPublicId})`;
      // `created_at <=` alone lets orders_created_idx bound the scan; the row comparison breaks ties.
      conditions.push(lte(orders.createdAt, cursorAt), sql`(${orders.createdAt}, ${orders.id}) < ${cursor}`);
    }
    return this.db
      .select()
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  }

  async findByPublicId(publicId: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
    return row;
  }

  /** The provider notifications handled for an order, oldest first. */
  events(orderId: number) {
    return this.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId))
      .orderBy(asc(paymentEvents.receivedAt));
  }

  /** The VIP ledger entries of an order, oldest first. */
  vipEntries(orderId: number) {
    return this.db.select().from(vipEntries).where(eq(vipEntries.orderId, orderId)).orderBy(asc(vipEntries.id));
  }

  /**
   * The key of the VIP the order's first payment bought (`stripe:<invoice id>`): a subscription's
   * first invoice is what the order's price paid for.
   */
  async firstPaymentKey(orderId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ ref: vipEntries.ref })
      .from(vipEntries)
      .where(and(eq(vipEntries.orderId, orderId), eq(vipEntries.kind, 'purchase')))
      .orderBy(asc(vipEntries.id))
      .limit(1);
    return row?.ref ?? undefined;
  }
}
