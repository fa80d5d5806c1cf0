import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { pgCodeOf } from '../../src/lib/pg-errors.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** What the database itself guarantees about operators, whatever the code above it does. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sqlstate = (statement: Promise<unknown>) => statement.then(() => 'succeeded', pgCodeOf);

describe('operator tables', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of operator_audit_log (55000, the trigger of migration 0009)', async () => {
    const db = t.app.database.db;
    await db.execute(
      sql`INSERT INTO operator_audit_log (at, action, target, after) VALUES (now(), 'test.write', 'thing:1', '{"a":1}')`,
    );
    expect(await sqlstate(db.execute(sql`UPDATE operator_audit_log SET action = 'edited'`))).toBe('55000');
    expect(await sqlstate(db.execute(sql`DELETE FROM operator_audit_log`))).toBe('55000');
    expect(await sqlstate(db.execute(sql`TRUNCATE operator_audit_log`))).toBe('55000');
    expect(await queryRows(db, sql`SELECT action FROM operator_audit_log`)).toEqual([{ action: 'test.write' }]);
  });

  it('keeps e-mails lower-cased and unique, and roles to the four known ones', async () => {
    const db = t.app.database.db;
    await db.execute(sql`INSERT INTO operators (email, role) VALUES ('a@example.com', 'admin')`);
    expect(await sqlstate(db.execute(sql`INSERT INTO operators (email, role) VALUES ('a@example.com', 'support')`))).toBe(
      '23505',
    );
    expect(await sqlstate(db.execute(sql`INSERT INTO operators (email, role) VALUES ('B@example.com', 'admin')`))).toBe(
      '23514',
    );
    expect(await sqlstate(db.execute(sql`INSERT INTO operators (email, role) VALUES ('c@example.com', 'root')`))).toBe(
      '22P02',
    );
  });
});
