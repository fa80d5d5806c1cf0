import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY_DATA_DIR } from '../../src/config.js';
import { createDatabase } from '../../src/db/create-database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { users } from '../../src/db/schema.js';
import { createTestDatabaseUrl, testDbDriver } from '../helpers/test-app.js';
import { journalMigrationCount } from '../helpers/migration-count.js';

describe('createDatabase with PGlite on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cliffhanger-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates ${DATA_DIR}/db and keeps data across restarts', async () => {
    const first = await createDatabase({ databaseUrl: undefined, dataDir });
    expect(first.driver).toBe('pglite');
    expect(existsSync(join(dataDir, 'db'))).toBe(true);
    await first.migrate();
    await first.db.insert(users).values({ nickname: 'persisted', inviteCode: 'PERSIST1' });
    await first.close();
    await first.close(); // idempotent

    const second = await createDatabase({ databaseUrl: undefined, dataDir });
    try {
      await second.migrate();
      const rows = await second.db.select({ nickname: users.nickname }).from(users);
      expect(rows).toEqual([{ nickname: 'persisted' }]);
    } finally {
      await second.close();
    }
  });

  it('ping rejects once closed', async () => {
    const database = await createDatabase({ databaseUrl: undefined, dataDir: MEMORY_DATA_DIR });
    await database.ping();
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });
});

describe(`createDatabase for the suite driver (${testDbDriver()})`, () => {
  it('applies migrations exactly once when several processes migrate at the same time', async () => {
    const target = await createTestDatabaseUrl();
    const a = await createDatabase({ databaseUrl: target.databaseUrl, dataDir: MEMORY_DATA_DIR });
    // On PostgreSQL a second pool stands in for a second API process; PGlite is one connection.
    const b = target.databaseUrl
      ? await createDatabase({ databaseUrl: target.databaseUrl, dataDir: MEMORY_DATA_DIR })
      : a;
    try {
      await Promise.all([a.migrate(), b.migrate(), a.migrate()]);
      const applied = await queryRows<{ n: number }>(
        a.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied).toEqual([{ n: journalMigrationCount() }]);
      await expect(b.ping()).resolves.toBeUndefined();
    } finally {
      await a.close();
      await b.close();
      await target.drop();
    }
  });

  it('fails at creation, not on the first request, when PostgreSQL is unreachable', async () => {
    await expect(
      createDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: MEMORY_DATA_DIR }),
    ).rejects.toThrow();
  });
});
