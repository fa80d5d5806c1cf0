import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_DATA_DIR } from '../../src/config.js';
import { createDatabase } from '../../src/db/create-database.js';
import type { Database } from '../../src/db/database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { users } from '../../src/db/schema.js';
import { UsersRepository } from '../../src/repositories/users.repository.js';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '../helpers/test-app.js';
import { journalMigrationCount } from '../helpers/migration-count.js';

/** The Postgres error code behind a failed statement (drizzle wraps driver errors in `cause`). */
function pgCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  while (typeof current === 'object' && current !== null) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code))
      return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

/** invite_code is required and unique; tests that do not care get a fresh one. */
let inviteSeq = 0;
const invite = () => `T${String((inviteSeq += 1)).padStart(7, '0')}`;

let target: TestDatabaseUrl;
let database: Database;

beforeAll(async () => {
  target = await createTestDatabaseUrl();
  database = await createDatabase({ databaseUrl: target.databaseUrl, dataDir: MEMORY_DATA_DIR });
  await database.migrate();
});

afterAll(async () => {
  await database?.close();
  await target?.drop();
});

describe('migrations', () => {
  it('create the users table with its columns', async () => {
    const rows = await queryRows<{ column_name: string; data_type: string; is_nullable: string }>(
      database.db,
      sql`select column_name, data_type, is_nullable from information_schema.columns where table_name = 'users' order by ordinal_position`,
    );
    expect(rows).toEqual([
      { column_name: 'id', data_type: 'bigint', is_nullable: 'NO' },
      { column_name: 'nickname', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'username', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'avatar', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'coin', data_type: 'integer', is_nullable: 'NO' },
      { column_name: 'created_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
      { column_name: 'deleted_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'phone', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'password_hash', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'invite_code', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'phone_seen_before', data_type: 'boolean', is_nullable: 'NO' },
      { column_name: 'vip_expires_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'payment_flagged_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'blocked_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'block_reason', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'comments_blocked_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'playback_rate_pct', data_type: 'smallint', is_nullable: 'NO' },
    ]);
  });

  it('fill defaults on insert', async () => {
    const [row] = await database.db.insert(users).values({ inviteCode: invite() }).returning();
    expect(row).toMatchObject({
      nickname: '',
      username: null,
      avatar: '',
      coin: 0,
      deletedAt: null,
      phone: null,
      passwordHash: null,
      phoneSeenBefore: false,
      vipExpiresAt: null,
    });
    expect(row?.id).toBeGreaterThan(0);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('refuse a negative coin balance (CHECK constraint)', async () => {
    const error = await failureOf(database.db.insert(users).values({ coin: -1, inviteCode: invite() }));
    expect(pgCodeOf(error)).toBe('23514'); // check_violation
    const [row] = await database.db.insert(users).values({ coin: 5, inviteCode: invite() }).returning();
    const update = await failureOf(database.db.execute(sql`update users set coin = coin - 6 where id = ${row?.id}`));
    expect(pgCodeOf(update)).toBe('23514');
  });

  it('keep usernames unique but allow many users without one', async () => {
    await database.db.insert(users).values([
      { username: null, inviteCode: invite() },
      { username: null, inviteCode: invite() },
    ]);
    await database.db.insert(users).values({ username: 'ada', inviteCode: invite() });
    const error = await failureOf(database.db.insert(users).values({ username: 'ada', inviteCode: invite() }));
    expect(pgCodeOf(error)).toBe('23505'); // unique_violation
  });

  it('are idempotent: migrating again changes nothing', async () => {
    await database.migrate();
    const applied = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: journalMigrationCount() }]);
  });

  it('let the readers of recent plays (charts, similarity, rollups) find them by time, not by reading every play', async () => {
    // The table is empty, so the planner would scan it anyway: seq scans are priced out to ask
    // whether an index serves "plays since a moment" at all.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN SELECT episode_id FROM episode_plays WHERE created_at >= now() - interval '14 days'`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('episode_plays_created_at_idx');
  });
});

describe('UsersRepository', () => {
  it('works inside a transaction that rolls back', async () => {
    const repo = new UsersRepository(database.db);
    let insertedId = 0;
    await failureOf(
      database.db.transaction(async (tx) => {
        const user = (await repo.insertUnlessInviteCodeTaken({ nickname: 'temp', inviteCode: invite() }, tx))!;
        insertedId = user.id;
        expect(await repo.findActiveById(user.id, tx)).toMatchObject({ nickname: 'temp' });
        throw new Error('roll back');
      }),
    );
    expect(insertedId).toBeGreaterThan(0);
    expect(await repo.findActiveById(insertedId)).toBeUndefined();
  });

  it('hides deleted users', async () => {
    const repo = new UsersRepository(database.db);
    const user = (await repo.insertUnlessInviteCodeTaken({
      nickname: 'gone',
      inviteCode: invite(),
      deletedAt: new Date(),
    }))!;
    expect(await repo.findActiveById(user.id)).toBeUndefined();
  });
});
