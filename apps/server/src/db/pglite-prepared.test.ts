import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingClient, type PgliteQueryClient } from './pglite-prepared.js';

let pg: PGlite;
let client: PgliteQueryClient;

beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(`
    CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL, seen_at timestamptz, flag boolean, doc jsonb);
    INSERT INTO items VALUES (1, 'one', '2026-01-02T03:04:05Z', true, '{"a":1}'), (2, 'two', NULL, false, NULL);
  `);
  client = preparingClient(pg);
});
afterAll(async () => {
  await pg.close();
});

const prepared = async () =>
  (await pg.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows;

const SELECT = 'SELECT id, name, seen_at, flag, doc FROM items WHERE id = $1';

describe('a PGlite client that prepares repeated statements', () => {
  it('answers exactly what PGlite answers, on the first run and once prepared', async () => {
    const expected = await pg.query(SELECT, [1]);
    for (let run = 0; run < 3; run += 1) {
      const result = await client.query(SELECT, [1]);
      expect(result.rows).toEqual(expected.rows);
      expect(result.fields).toEqual(expected.fields);
    }
    const arrays = await client.query(SELECT, [2], { rowMode: 'array' });
    expect(arrays.rows).toEqual((await pg.query(SELECT, [2], { rowMode: 'array' })).rows);
    // drizzle passes its own parsers (timestamps as text): they apply on the prepared path too.
    const raw = await client.query<{ seen_at: unknown }>(SELECT, [1], { parsers: { 1184: (value: string) => value } });
    expect(typeof raw.rows[0]!.seen_at).toBe('string');
    // Parsers are merged once per parsers object: each query's own still win, every time.
    const asText = { 1184: (value: string) => value };
    const asYear = { 1184: (value: string) => Number(value.slice(0, 4)) };
    for (let run = 0; run < 2; run += 1) {
      expect((await client.query<{ seen_at: unknown }>(SELECT, [1], { parsers: asText })).rows[0]!.seen_at).toBe(
        '2026-01-02 03:04:05+00',
      );
      expect((await client.query<{ seen_at: unknown }>(SELECT, [1], { parsers: asYear })).rows[0]!.seen_at).toBe(2026);
      expect((await client.query<{ seen_at: unknown }>(SELECT, [1])).rows[0]!.seen_at).toBeInstanceOf(Date);
    }
  });

  it('prepares a text on its second run, once, and not a text run only once', async () => {
    const text = 'SELECT name FROM items WHERE id = $1 AND name <> $2';
    await client.query(text, [1, 'x']);
    expect((await prepared()).map((row) => row.statement)).not.toContain(text);
    await client.query(text, [1, 'x']);
    await client.query(text, [2, 'y']);
    expect((await prepared()).filter((row) => row.statement === text)).toHaveLength(1);
  });

  it('serialises parameters by their type: null, dates, booleans, big numbers and JSON', async () => {
    const insert = 'INSERT INTO items (id, name, seen_at, flag, doc) VALUES ($1, $2, $3, $4, $5) RETURNING *';
    const seen = new Date('2026-11-24T05:00:00.000Z');
    await client.query(insert, [10, 'ten', seen, true, JSON.stringify({ b: [1, 2] })]);
    const second = await client.query<{ id: number; seen_at: Date; flag: boolean; doc: unknown }>(insert, [
      9_007_199_254_740_000n,
      "it's",
      null,
      false,
      null,
    ]);
    expect(second.rows[0]).toMatchObject({ seen_at: null, flag: false, doc: null });
    const ten = await client.query<{ seen_at: Date; doc: unknown }>(SELECT, [10]);
    expect(ten.rows[0]!.seen_at.toISOString()).toBe(seen.toISOString());
    expect(ten.rows[0]!.doc).toEqual({ b: [1, 2] });
  });

  it('raises PostgreSQL errors as PGlite does and stays usable', async () => {
    const insert = 'INSERT INTO items (id, name) VALUES ($1, $2)';
    await client.query(insert, [20, 'twenty']);
    const error = await client.query(insert, [20, 'again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    expect((await client.query(SELECT, [20])).rows).toHaveLength(1);
  });

  it('runs prepared statements inside a transaction, which a failure rolls back', async () => {
    const update = 'UPDATE items SET name = $1 WHERE id = $2';
    await client.query(update, ['one', 1]);
    const failed = await client
      .transaction(async (tx) => {
        await tx.query(update, ['changed', 1]);
        await tx.query(update, ['changed again', 1]);
        expect((await tx.query<{ name: string }>(SELECT, [1])).rows[0]!.name).toBe('changed again');
        throw new Error('abort');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect((await client.query<{ name: string }>(SELECT, [1])).rows[0]!.name).toBe('one');
    await client.transaction(async (tx) => {
      await tx.query(update, ['kept', 1]);
    });
    expect((await client.query<{ name: string }>(SELECT, [1])).rows[0]!.name).toBe('kept');
  });

  it('keeps concurrent callers apart: every answer belongs to its own call', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => client.query<{ id: number }>('SELECT $1::int AS id', [i])),
    );
    expect(answers.map((answer) => answer.rows[0]!.id)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});
