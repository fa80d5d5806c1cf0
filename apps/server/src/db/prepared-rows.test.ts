import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { compiled } from './prepared-rows.js';

const dialect = new PgDialect();
/** What the drivers take from a compiled query (typings are unused by node-postgres and PGlite). */
const drizzles = (query: ReturnType<typeof sql>) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};
const ours = (name: string, query: ReturnType<typeof sql>) => {
  const { sql: text, params } = compiled(name, query);
  return { sql: text, params };
};
const statement = (userId: number, at: Date, key: string | null) =>
  sql`SELECT coin FROM users WHERE id = ${userId}::bigint AND created_at <= ${at}::timestamptz AND key = ${key}::text`;

describe('compiling a named statement once', () => {
  it('gives what drizzle gives, on the first run and from memory after', () => {
    const first = statement(1, new Date('2026-01-01T00:00:00Z'), 'a');
    expect(ours('test_flat', first)).toEqual(drizzles(first));
    const again = statement(2, new Date('2026-02-01T00:00:00Z'), null);
    expect(ours('test_flat', again)).toEqual(drizzles(again));
  });

  it('compiles a flat template once per name', () => {
    const spy = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      compiled('test_once', statement(1, new Date(), 'a'));
      compiled('test_once', statement(2, new Date(), 'b'));
      compiled('test_once', statement(3, new Date(), null));
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves a template with nested SQL to drizzle every time', () => {
    const nested = (desc: boolean) => sql`SELECT 1 ORDER BY id ${desc ? sql`DESC` : sql`ASC`} LIMIT ${5}`;
    expect(ours('test_nested', nested(true))).toEqual(drizzles(nested(true)));
    // A nested chunk may change the text under one name: it is never served from memory.
    expect(ours('test_nested', nested(false))).toEqual(drizzles(nested(false)));
  });
});
