import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-database.js';
import type { Database } from '../../src/db/database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { MEMORY_DATA_DIR } from '../../src/config.js';
import { isTransientDatabaseError, pgCodeOf } from '../../src/lib/pg-errors.js';
import { bearer, envelope, signIn } from '../helpers/accounts.js';
import { createTestApp, createTestDatabaseUrl, type TestApp, type TestDatabaseUrl } from '../helpers/test-app.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';

/**
 * What a PostgreSQL restart or failover does to one process's pool: every backend terminated,
 * some of them while a transaction holds their connection between two statements. Vitest fails a
 * file on an unhandled 'error' event, so the first test is its own positive control: with the
 * pool's idle-client listener alone (as before), it ends with "Unhandled error … terminating
 * connection due to administrator command".
 */
let target: TestDatabaseUrl;
let admin: pg.Client;
const LIMITS = { statementTimeoutMs: 500, lockTimeoutMs: 300, idleInTransactionTimeoutMs: 400 };

beforeAll(async () => {
  target = await createTestDatabaseUrl();
  admin = new pg.Client({ connectionString: target.databaseUrl });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await target?.drop();
});

async function openDatabase(): Promise<{ database: Database; errors: Error[] }> {
  const errors: Error[] = [];
  const database = await createDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: MEMORY_DATA_DIR,
    poolSize: 4,
    limits: LIMITS,
    onConnectionError: (error) => errors.push(error),
  });
  return { database, errors };
}

/** Terminates every other session of this database: what a restart does to each of them. */
async function terminateBackends(): Promise<number> {
  const result = await admin.query<{ pid: number }>(
    'select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return result.rowCount ?? 0;
}

describe('a backend terminated under a running transaction', () => {
  it('fails that transaction as a passing outage, keeps the process, and the pool reconnects', async () => {
    const { database, errors } = await openDatabase();
    try {
      let inside!: () => void;
      const started = new Promise<void>((resolve) => (inside = resolve));
      let release!: () => void;
      const terminated = new Promise<void>((resolve) => (release = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside();
        // The connection sits between two statements, checked out of the pool, when it dies.
        await terminated;
        await tx.execute(sql`select 2`);
      });
      const outcome = transaction.then(
        () => undefined,
        (error: unknown) => error,
      );
      await started;
      expect(await terminateBackends()).toBeGreaterThan(0);
      // The socket's close reaches the client before the next statement is sent.
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      const error = await outcome;
      expect(error).toBeDefined();
      expect(isTransientDatabaseError(error)).toBe(true);
      expect(errors.length).toBeGreaterThan(0);
      // The dead client left the pool on release: the next statements get fresh connections.
      const [row] = await queryRows<{ n: number }>(database.db, sql`select 3 as n`);
      expect(row?.n).toBe(3);
      await Promise.all([1, 2, 3, 4].map(() => database.ping()));
    } finally {
      await database.close();
    }
  });

  it('fails a statement in flight when its backend is terminated, and the next one runs', async () => {
    const { database } = await openDatabase();
    try {
      const sleeping = database.db.execute(sql`select pg_sleep(0.4)`).then(
        () => undefined,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await terminateBackends();
      const error = await sleeping;
      expect(isTransientDatabaseError(error)).toBe(true);
      await database.ping();
    } finally {
      await database.close();
    }
  });
});

describe('bounded waits on every connection', () => {
  it('cancels a statement past statement_timeout (57014), retryable', async () => {
    const { database } = await openDatabase();
    try {
      const error = await database.db.execute(sql`select pg_sleep(2)`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(pgCodeOf(error)).toBe('57014');
      expect(isTransientDatabaseError(error)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('gives up waiting for a lock past lock_timeout (55P03), retryable, long before the lock ends', async () => {
    const { database } = await openDatabase();
    const holder = new pg.Client({ connectionString: target.databaseUrl });
    await holder.connect();
    try {
      await holder.query('create table if not exists lock_probe (id int)');
      await holder.query('begin');
      await holder.query('lock table lock_probe in access exclusive mode');
      const started = Date.now();
      const error = await database.db.execute(sql`select count(*) from lock_probe`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(pgCodeOf(error)).toBe('55P03');
      expect(isTransientDatabaseError(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(LIMITS.statementTimeoutMs + 1_000);
    } finally {
      await holder.query('rollback');
      await holder.end();
      await database.close();
    }
  });

  it('ends a transaction left idle past idle_in_transaction_session_timeout (25P03) without ending the process', async () => {
    const { database, errors } = await openDatabase();
    try {
      const error = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await new Promise((resolve) => setTimeout(resolve, LIMITS.idleInTransactionTimeoutMs + 400));
          await tx.execute(sql`select 2`);
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isTransientDatabaseError(error)).toBe(true);
      expect(errors.some((e) => pgCodeOf(e) === '25P03')).toBe(true);
      await database.ping();
    } finally {
      await database.close();
    }
  });

  it('migrates on a connection without those bounds', async () => {
    const { database } = await openDatabase();
    try {
      await database.migrate();
      expect(await database.migrationsCurrent()).toBe(true);
    } finally {
      await database.close();
    }
  });
});

/** A TCP port that refuses connections until `open()`, then forwards them to PostgreSQL. */
async function lateProxy(to: URL): Promise<{ port: number; open(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as { port: number }).port;
  probe.close();
  await once(probe, 'close');
  return {
    port,
    open() {
      server = createServer((socket) => {
        const upstream = connect(Number(to.port || 5432), to.hostname);
        sockets.add(socket).add(upstream);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      server.listen(port, '127.0.0.1');
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server) await new Promise((resolve) => server!.close(resolve));
    },
  };
}

describe('boot while PostgreSQL is not up yet', () => {
  it('keeps trying with backoff and connects once the server answers', async () => {
    const url = new URL(target.databaseUrl!);
    const proxy = await lateProxy(url);
    const through = new URL(url);
    through.host = `127.0.0.1:${proxy.port}`;
    const retries: Error[] = [];
    setTimeout(() => proxy.open(), 1_200);
    const database = await createDatabase({
      databaseUrl: through.toString(),
      dataDir: MEMORY_DATA_DIR,
      connectWaitMs: 20_000,
      onConnectionError: (error) => retries.push(error),
    });
    try {
      await database.ping();
      expect(retries.length).toBeGreaterThan(0);
    } finally {
      await database.close();
      await proxy.close();
    }
  });

  it('gives up after the configured wait', async () => {
    const proxy = await lateProxy(new URL(target.databaseUrl!));
    const started = Date.now();
    await expect(
      createDatabase({
        databaseUrl: `postgres://postgres@127.0.0.1:${proxy.port}/none`,
        dataDir: MEMORY_DATA_DIR,
        connectWaitMs: 1_000,
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('the answer a request gets', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const sms = new RecordingSmsSender();
    t = await createTestApp({ smsSender: sms, env: { DATABASE_LOCK_TIMEOUT_MS: '300' } });
    token = (await signIn({ app: t.app, sms })).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is 503 SERVICE_UNAVAILABLE with Retry-After while a table it needs is locked past the lock timeout, and 200 after', async () => {
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table sessions in access exclusive mode');
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: bearer(token) });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(envelope(res)).toEqual({ code: Code.SERVICE_UNAVAILABLE, message: expect.any(String), data: null });
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: bearer(token) });
    expect(envelope(after).code).toBe(Code.OK);
  });
});
