import { StringChunk, type SQL } from 'drizzle-orm';
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
  const prepared = db._.session.prepareQuery(compiled(name, query), undefined, name, false);
  const result: unknown = await prepared.execute();
  return (result as { rows: T[] }).rows;
}

/** A raw timestamp column (see above) as a Date. */
export const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/** The text of each named statement, compiled once: a name always goes with one text (above). */
const texts = new Map<string, string>();

/**
 * The values of a flat template (text and plain values only) in order, as drizzle would number
 * them; undefined for anything else (nested SQL, columns, arrays), which drizzle compiles itself.
 */
function flatParams(query: SQL): unknown[] | undefined {
  const params: unknown[] = [];
  for (const chunk of query.queryChunks) {
    if (chunk instanceof StringChunk) continue;
    if (chunk === null || chunk instanceof Date || (typeof chunk !== 'object' && chunk !== undefined)) {
      params.push(chunk);
    } else {
      return undefined;
    }
  }
  return params;
}

/**
 * `dialect.sqlToQuery(query)`, without compiling the text again on every run: walking a template
 * through drizzle's entity checks was a tenth of an unlock's time in the process.
 */
export function compiled(name: string, query: SQL): { sql: string; params: unknown[] } {
  const params = flatParams(query);
  const text = texts.get(name);
  if (params !== undefined && text !== undefined) return { sql: text, params };
  const full = dialect.sqlToQuery(query);
  if (params !== undefined && params.length === full.params.length) texts.set(name, full.sql);
  return full;
}
