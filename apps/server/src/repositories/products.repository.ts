import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { products, type NewProductRow, type ProductRow } from '../db/payments.schema.js';

/** A product and whether any order names it (such a product can only be taken off sale). */
export interface ProductWithOrders {
  product: ProductRow;
  hasOrders: boolean;
}

// Spelled out: Drizzle leaves columns unqualified in single-table selects, and an unqualified "id"
// inside the subquery would mean the order's id.
const ordered = sql<boolean>`exists (select 1 from "orders" o where o."product_id" = "products"."id")`;

/** SQL on products (VIP plans and coin packs). */
export class ProductsRepository {
  constructor(private readonly db: Db) {}

  /** Products on sale of one kind, in display order. */
  listActive(kind: 'vip' | 'coins', tx: Db = this.db): Promise<ProductRow[]> {
    return tx
      .select()
      .from(products)
      .where(and(eq(products.kind, kind), eq(products.active, true)))
      .orderBy(asc(products.sort), asc(products.id));
  }

  /** Every product, on sale or not, in display order. */
  listAll(tx: Db = this.db): Promise<ProductWithOrders[]> {
    return tx
      .select({ product: products, hasOrders: ordered })
      .from(products)
      .orderBy(asc(products.sort), asc(products.id));
  }

  async find(id: string, tx: Db = this.db): Promise<ProductRow | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
    return row;
  }

  /** The product with its row locked until `tx` ends: a change reads what it replaces. */
  async findForUpdate(id: string, tx: Db): Promise<ProductWithOrders | undefined> {
    const [row] = await tx
      .select({ product: products, hasOrders: ordered })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    return row;
  }

  /** The product sold in the App Store under `appleProductId` (unique), active or not. */
  async findByAppleProductId(appleProductId: string, tx: Db = this.db): Promise<ProductRow | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.appleProductId, appleProductId)).limit(1);
    return row;
  }

  async insert(values: NewProductRow, tx: Db): Promise<ProductRow> {
    const [row] = await tx.insert(products).values(values).returning();
    if (!row) throw new Error('insert into products returned no row');
    return row;
  }

  async update(id: string, values: Omit<NewProductRow, 'id'>, now: Date, tx: Db): Promise<ProductRow> {
    const [row] = await tx
      .update(products)
      .set({ ...values, updatedAt: now })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw new Error(`update of product ${id} returned no row`);
    return row;
  }

  async delete(id: string, tx: Db): Promise<void> {
    await tx.delete(products).where(eq(products.id, id));
  }
}
