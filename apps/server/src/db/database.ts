import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

type Schema = typeof schema;

/**
 * The Drizzle instance repositories work with. Both drivers (PGlite, node-postgres) extend this
 * base type, and so does a transaction, so `repo.method(args, tx)` accepts either.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

type DatabaseDriver = 'pglite' | 'pg';

/** A connected database and its lifecycle. Created by `createDatabase`, owned by whoever created it. */
export interface Database {
  readonly db: Db;
  readonly driver: DatabaseDriver;
  /** Resolves when a trivial query succeeds; rejects when the database is unreachable or closed. */
  ping(): Promise<void>;
  /** Applies pending migrations from apps/server/drizzle. Safe to call repeatedly and concurrently. */
  migrate(): Promise<void>;
  /** Whether the database holds every migration this build knows (false if it cannot tell). */
  migrationsCurrent(): Promise<boolean>;
  /** Idempotent. */
  close(): Promise<void>;
}
