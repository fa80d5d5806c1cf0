import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

const dialect = new PgDialect();

/**
 * Rows of a raw SQL statement run as a named prepared statement: on PostgreSQL each pooled
 * connection parses and plans it once and afterwards only binds and executes, which is most of
 * the cost of a short statement on the hot paths (unlock, check-in, play). `name` must always go
 * with the same SQL text (node-postgres refuses a name reused for another text on a connection);
 * values vary freely. PGlite runs the same text as an ordinary query.
 *
 * Raw rows as the driver gives them: bigint and numeric columns come back as strings, timestamps
 * as strings (node-postgres through Drizzle) or Dates (PGlite); callers convert.
 */
export async function preparedRows<T extends Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result: unknown = await prepared.execute();
  return (result as { rows: T[] }).rows;
}
