import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
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
  /**
   * An in-memory PGlite starts from this data directory (`PGlite.dumpDataDir()`) rather than
   * running initdb: the test suites migrate one database and load a copy per test file.
   */
  pgliteDataDir?: Blob;
  /** Connections per process to PostgreSQL (node-postgres's own default: 10). */
  poolSize?: number;
  /** Bounds set on every PostgreSQL connection at its start (0 or unset: none). */
  limits?: ConnectionLimits;
  /**
   * How long to keep retrying, with backoff, while PostgreSQL does not answer at creation (a
   * database that restarts alongside the app). 0 or unset: one try.
   */
  connectWaitMs?: number;
  /**
   * Told about every error of a pooled connection, idle or in use (server restart, failover,
   * a backend terminated). The work on that connection fails on its own; this is for the log.
   */
  onConnectionError?: (error: Error) => void;
}

interface ConnectionLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
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
    ? createPgDatabase(options.databaseUrl, options)
    : createPgliteDatabase(options.dataDir, options.pgliteDataDir);
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

async function createPgliteDatabase(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir === MEMORY_DATA_DIR) {
    client = new PGlite(loadDataDir ? { loadDataDir } : {});
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

/** The first wait between two tries to reach PostgreSQL at creation; it doubles up to the cap. */
const CONNECT_RETRY_FIRST_MS = 250;
const CONNECT_RETRY_MAX_MS = 5_000;

/** Tries `select 1` until it answers or `waitMs` has passed; the last failure is thrown. */
async function waitForServer(pool: pg.Pool, waitMs: number, onRetry?: (error: Error) => void): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let delay = CONNECT_RETRY_FIRST_MS; ; delay = Math.min(delay * 2, CONNECT_RETRY_MAX_MS)) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      const left = deadline - Date.now();
      if (left <= 0) throw error;
      onRetry?.(error as Error);
      await setTimeout(Math.min(delay, left));
    }
  }
}

async function createPgDatabase(databaseUrl: string, options: DatabaseOptions): Promise<Database> {
  const limits = options.limits;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5_000,
    max: options.poolSize ?? 10,
    // Sent in the connection's startup message: no extra round trip. 0 means no bound, as in
    // PostgreSQL itself, and node-postgres leaves a 0 out.
    statement_timeout: limits?.statementTimeoutMs ?? 0,
    lock_timeout: limits?.lockTimeoutMs ?? 0,
    idle_in_transaction_session_timeout: limits?.idleInTransactionTimeoutMs ?? 0,
  });
  const onError = (error: Error) => options.onConnectionError?.(error);
  // The pool listens for errors of idle clients only: a client checked out for a transaction has
  // no listener between its queries, and a backend terminated then (restart, failover,
  // pg_terminate_backend) emitted an unhandled 'error' that ended the process. With a listener for
  // the client's whole life the error only fails the work on it: the query in flight rejects, the
  // transaction's rollback fails, and the pool drops the dead client on release.
  pool.on('connect', (client) => client.on('error', onError));
  pool.on('error', onError);
  const db = drizzlePg({ client: pool, schema });
  // Fail at boot, not on the first request, when the server stays unreachable.
  try {
    await waitForServer(pool, options.connectWaitMs ?? 0, options.onConnectionError);
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
    migrate: serialised(() => migrateOnOwnConnection(databaseUrl, onError)),
    migrationsCurrent: () => migrationsCurrent(db),
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/**
 * Migrations run on a connection of their own, without the pool's statement and lock bounds (a
 * migration may rewrite a large table or wait for a long query to let go of it). Several API
 * processes may boot at once: the session-level advisory lock on that connection makes them
 * apply migrations one at a time.
 */
async function migrateOnOwnConnection(databaseUrl: string, onError: (error: Error) => void): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', onError);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    // Ending the session releases its advisory lock too.
    await client.end().catch(() => undefined);
  }
}
