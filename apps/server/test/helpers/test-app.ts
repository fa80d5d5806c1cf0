import { readFileSync } from 'node:fs';
import { createDatabase as createAdminDatabase } from '@cliffhanger/test-kit/pg-admin';
import { testAdminUrl } from './admin-url.js';
import { inject } from 'vitest';
import { buildApp, type BuildAppDeps } from '../../src/app.js';
import { loadConfig, MEMORY_DATA_DIR, type Env, type ServerConfig } from '../../src/config.js';
import type { AppInstance } from '../../src/app-instance.js';
import { createDatabase } from '../../src/db/create-database.js';
import type { Database } from '../../src/db/database.js';

export type TestDbDriver = 'pglite' | 'pg';

/** Chosen by the vitest project (server-pglite / server-pg). */
export function testDbDriver(): TestDbDriver {
  return process.env.TEST_DB_DRIVER === 'pg' ? 'pg' : 'pglite';
}

export interface TestDatabaseUrl {
  /** Unset on PGlite: the app then runs on an in-memory database. */
  databaseUrl: string | undefined;
  /** Drops the database (no-op on PGlite). */
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file. On PostgreSQL: `CREATE DATABASE ch_test_<random>` on the
 * TEST_DATABASE_URL server, so test files running in parallel never see each other's rows; empty,
 * or with `migrated` a copy of the database the suite's global set-up migrated
 * (global-setup-database.ts). `drop` also ends a pool a failed test left open.
 */
export async function createTestDatabaseUrl(options: { migrated?: boolean } = {}): Promise<TestDatabaseUrl> {
  if (testDbDriver() === 'pglite') return { databaseUrl: undefined, drop: () => Promise.resolve() };
  const template = options.migrated ? inject('migratedTemplateDatabase') : undefined;
  const database = await createAdminDatabase(testAdminUrl(), 'ch_test', template);
  return { databaseUrl: database.url, drop: () => database.drop() };
}

export interface TestAppOptions {
  /** Environment overrides on top of the test defaults (e.g. `{ GOOGLE_CLIENT_ID: 'x' }`). */
  env?: Env;
  /** Extra routes, e.g. test-only probes registered with `registerEndpoint`. */
  extend?: BuildAppDeps['extend'];
  /** A movable clock (see test-clock.ts) for expiry rules without sleeping. */
  clock?: BuildAppDeps['clock'];
  /** Records SMS instead of logging them (see fakes/recording-sms-sender.ts). */
  smsSender?: BuildAppDeps['smsSender'];
  /** Receives the log lines (set LOG_LEVEL in env to see any). */
  logStream?: BuildAppDeps['logStream'];
  /**
   * Serves sign-in providers' pictures to the avatar copy. Default: none can be downloaded (tests
   * reach no network), so a queued copy completes without copying and the provider URL stays.
   */
  providerImages?: BuildAppDeps['providerImages'];
}

/** Tests reach no image host: every picture is unavailable for good (no retries in the background). */
export const NO_PROVIDER_IMAGES: NonNullable<BuildAppDeps['providerImages']> = () =>
  Promise.resolve({ ok: false, reason: 'tests reach no network' });

export interface TestApp {
  app: AppInstance;
  config: Readonly<ServerConfig>;
  /** Closes the app (and its database) and drops the test database. Idempotent. */
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database: in-memory PGlite, or a new PostgreSQL database when the
 * suite runs with TEST_DB_DRIVER=pg. Migrated and ready for `app.inject`. Call once per test file
 * (beforeAll) and `close()` in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabaseUrl({ migrated: true });
  // PGlite: an in-memory copy of the migrated data directory, closed with the app below.
  const pglite = database.databaseUrl ? undefined : await migratedPglite();
  let app: AppInstance;
  let config: Readonly<ServerConfig>;
  try {
    config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: MEMORY_DATA_DIR,
      // Never serve whatever a developer last built: web tests point this at their own dist.
      WEB_DIST_DIR: '/nonexistent/cliffhanger-web-dist',
      CONSOLE_DIST_DIR: '/nonexistent/cliffhanger-console-dist',
      // Tests start from an empty catalogue and seed what they need (catalog-fixture.ts).
      DEMO_CATALOG: 'false',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...options.env,
    });
    const deps: BuildAppDeps = {};
    if (options.extend) deps.extend = options.extend;
    if (options.clock) deps.clock = options.clock;
    if (options.smsSender) deps.smsSender = options.smsSender;
    if (options.logStream) deps.logStream = options.logStream;
    if (pglite) deps.database = pglite;
    deps.providerImages = options.providerImages ?? NO_PROVIDER_IMAGES;
    app = await buildApp(config, deps);
  } catch (error) {
    await pglite?.close();
    await database.drop();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    app,
    config,
    close() {
      closing ??= app
        .close()
        .finally(() => pglite?.close())
        .finally(() => database.drop());
      return closing;
    },
  };
}

let migratedDataDir: Blob | undefined;

/** An in-memory PGlite loaded from the data directory the global set-up migrated and dumped. */
function migratedPglite(): Promise<Database> {
  migratedDataDir ??= new Blob([readFileSync(inject('migratedPgliteDataDir'))]);
  return createDatabase({ databaseUrl: undefined, dataDir: MEMORY_DATA_DIR, pgliteDataDir: migratedDataDir });
}
