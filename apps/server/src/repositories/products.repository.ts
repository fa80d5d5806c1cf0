import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { products, type NewProductRow, type ProductRow } from '../db/payments.schema.js';

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

  listAll(tx: Db = this.db): Promise<ProductRow[]> {
    return tx.select().from(products).orderBy(asc(products.sort), asc(products.id));
  }

  async find(id: string, tx: Db = this.db): Promise<ProductRow | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
    return row;
  }

  /** The product sold in the App Store under `appleProductId` (unique), active or not. */
  async findByAppleProductId(appleProductId: string, tx: Db = this.db): Promise<ProductRow | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.appleProductId, appleProductId)).limit(1);
    return row;
  }

  /** Inserts or replaces one product by id. */
  async upsert(values: NewProductRow, tx: Db = this.db): Promise<ProductRow> {
    const { id: _id, ...changes } = values;
    const [row] = await tx
      .insert(products)
      .values(values)
      .onConflictDoUpdate({ target: products.id, set: { ...changes, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('upsert into products returned no row');
    return row;
  }
}
