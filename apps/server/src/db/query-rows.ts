import type { SQL } from 'drizzle-orm';
import type { Db } from './database.js';

/**
 * Rows of a raw SQL statement. Both drivers answer `{ rows }`, but the shared base type cannot
 * say so, hence the one cast here instead of one in every caller. Prefer the query builder.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
