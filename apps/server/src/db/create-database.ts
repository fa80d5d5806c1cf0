import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MEMORY_DATA_DIR } from '../config.js';
import { migrationsFolder } from '../paths.js';
import type { Database, Db } from './database.js';
import { queryRows } from './query-rows.js';
import { preparingClient } from './pglite-prepared.js';
import * as schema from './schema.js';

export interface DatabaseOptions {
  /** postgres:// URL; unset selects embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGlite keeps its files in `${dataDir}/db`; `memory://` keeps them in memory. */
  dataDir: string;
  /** Connections per process to PostgreSQL (node-postgres's own default: 10). */
  poolSize?: number;
  /** Told about errors of idle pooled connections (server restart, failover). */
  onIdleError?: (error: Error) => void;
}

/**
 * Any fixed 64-bit number works; it only has to be the same in every process so that API
 * processes booting together apply migrations one at a time.
 */
const MIGRATION_LOCK_KEY = 7_194_001_211;

/** Runs calls of `task` one after another, whether the previous one succeeded or not. */
function serialised(task: () => Promise<void>): () => Promise<void> {
  let queue: Promise<unknown> = Promise.resolve();
  return () => {
    const run = queue.then(() => task());
    queue = run.catch(() => undefined);
    return run;
  };
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? createPgDatabase(options.databaseUrl, options.poolSize ?? 10, options.onIdleError)
    : createPgliteDatabase(options.dataDir);
}

let latestMigrationMillis: number | undefined;

/**
 * Drizzle's migrator applies every migration newer than the newest one it recorded, so the
 * database is current when that record is at least as new as this build's newest migration. A
 * process started from an older build beside a newer schema is current too; one started from a
 * newer build before `npm run migrate` ran is not.
 */
async function migrationsCurrent(db: Db): Promise<boolean> {
  latestMigrationMillis ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  try {
    const [row] = await queryRows<{ last: string | number | null }>(
      db,
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    return Number(row?.last ?? 0) >= latestMigrationMillis;
  } catch {
    return false;
  }
}

async function createPgliteDatabase(dataDir: string): Promise<Database> {
  let client: PGlite;
  if (dataDir === MEMORY_DATA_DIR) {
    client = new PGlite();
  } else {
    const dir = join(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  // Hot statements run prepared (pglite-prepared.ts); drizzle calls only query and transaction.
  const db = drizzlePglite({ client: preparingClient(client) as unknown as PGlite, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    driver: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    // PGlite runs one statement at a time, but two migrators would still interleave their
    // "what is applied?" reads and CREATE statements; queue them.
    migrate: serialised(() => migratePglite(db, { migrationsFolder })),
    migrationsCurrent: () => migrationsCurrent(db),
    close() {
      closing ??= client.closed ? Promise.resolve() : client.close();
      return closing;
    },
  };
}

async function createPgDatabase(
  databaseUrl: string,
  poolSize: number,
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, max: poolSize });
  // An idle client that loses its server (restart, failover) emits 'error' on the pool; without a
  // listener that would crash the process. The next query gets a fresh connection.
  pool.on('error', (error) => onIdleError?.(error));
  const db = drizzlePg({ client: pool, schema });
  // Fail at boot, not on the first request, when the server is unreachable.
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    db,
    driver: 'pg',
    async ping() {
      await pool.query('select 1');
    },
    migrate: serialised(async () => {
      // Several API processes may boot at once (DESIGN §11). The session-level advisory lock is
      // held on its own connection while the migrator runs on another from the pool.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lock.release();
      }
    }),
    migrationsCurrent: () => migrationsCurrent(db),
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
