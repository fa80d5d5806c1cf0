import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type Session } from '@cliffhanger/contract';
import { startPostgresServer, type PostgresServer } from '@cliffhanger/test-kit/postgres-server';
import { startRedisServer } from '@cliffhanger/test-kit/redis-server';
import { freePort, repoRoot, startServerProcess, type ServerProcess } from '@cliffhanger/test-kit/server-process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { enqueueJob } from '../../src/jobs/job-queue.js';
import { JOB } from '../../src/services/jobs.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { reconcileLedger } from '../helpers/reconcile.js';
import { newPhone, signIn } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';

/**
 * The database going away under load, as a failover or a restart does it: two compiled API
 * processes and the worker on a PostgreSQL and a Redis of this file's own (so restarting them
 * touches no other test), under a closed-loop mix of reads, plays, sign-in codes, check-ins and unlocks.
 * Every backend is terminated mid-transaction three times, PostgreSQL restarts, Redis pauses, and
 * a hot table stays locked past the lock timeout. After each: no process has exited, every answer
 * was a business answer or the retryable 503, every acknowledged write is in the database, the
 * ledger reconciles, and both processes serve again within seconds.
 */
const USERS = 10;
const CLIENTS = 8;
const EPISODES = 60;
const LOCK_TIMEOUT_MS = 400;
/** How long the processes may take to serve writes again once the outage is over. */
const RECOVERY_MS = 15_000;

let postgres: PostgresServer;
let redis: ChildProcess;
let redisPort: number;
let dataDir: string;
let env: Record<string, string>;
let databaseUrl: string;
const sessions: Session[] = [];
let paidEpisodeIds: number[] = [];
let freeEpisodeId = 0;
const api: ServerProcess[] = [];
let worker: ChildProcess;
let workerExit: Promise<unknown>;

beforeAll(async () => {
  postgres = startPostgresServer(await freePort());
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database chaos');
  await admin.end();
  databaseUrl = postgres.url.replace(/\/postgres$/, '/chaos');
  redisPort = await freePort();
  redis = await startRedisServer(redisPort);
  dataDir = mkdtempSync(join(tmpdir(), 'ch-chaos-'));
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    LOG_LEVEL: 'silent',
    DEMO_CATALOG: 'false',
    SMS_PROVIDER: 'console',
    SMS_IP_HOURLY_CAP: '1000000',
    SMS_PHONE_HOURLY_CAP: '1000',
    AUTH_SECRET: 'chaos-test-secret-0123456789abcdefghijklmnopq',
    JOB_RUNNER: 'worker',
    DATABASE_POOL_SIZE: '6',
    DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
    DATABASE_STATEMENT_TIMEOUT_MS: '5000',
  };
  const sms = new RecordingSmsSender();
  const app = await buildApp(loadConfig({ ...env, REDIS_URL: '' }), { smsSender: sms });
  try {
    for (let i = 0; i < USERS; i += 1) sessions.push(await signIn({ app, sms }));
    const seeded = await seedDrama(app, { episodes: EPISODES, freeEpisodes: 2, episodePrice: 5, allPrice: 250 });
    paidEpisodeIds = seeded.episodes.slice(2).map((e) => e.id);
    freeEpisodeId = seeded.episodes[0]!.id;
    for (const session of sessions) {
      await app.services.wallet.credit({ userId: session.user.uid, kind: 'recharge', amount: 5_000, key: 'seed' });
    }
  } finally {
    await app.close();
  }
  api.push(await startServerProcess(env, { compiled: true }), await startServerProcess(env, { compiled: true }));
  worker = spawn(process.execPath, ['scripts/compiled.mjs', 'worker'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, HOST: '127.0.0.1', WORKER_METRICS_PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  workerExit = once(worker, 'exit');
  await workerStarted(worker);
}, 180_000);

/**
 * Until the worker logs that it started: the outages are for a running worker, and one still
 * opening its queues on a busy machine would meet the first of them half-started.
 */
function workerStarted(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (output.includes('worker started')) return;
      output += chunk.toString();
      if (output.includes('worker started')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it started`)));
  });
}

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    worker.kill('SIGTERM');
    await workerExit;
  }
  for (const server of api) await server.stop();
  redis?.kill('SIGKILL');
  postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  op: string;
  /** When it was sent and answered, ms since the load started. */
  at: number;
  answeredAt: number;
  /** HTTP status, 0 when no answer came. */
  status: number;
  code: number | undefined;
  retryAfter: string | null;
  /** What an acknowledged write must have left in the database. */
  wrote?: { table: 'episode_unlocks' | 'checkins' | 'sms_codes'; key: string };
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Closed-loop clients against both processes in turn, for as long as `during` runs (and `tailMs` more). */
async function load(during: (elapsed: () => number) => Promise<void>, tailMs = 1_000): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  let stopAt = Number.POSITIVE_INFINITY;
  let n = 0;
  const nextEpisode = new Map<number, number>();
  const client = async () => {
    while (elapsed() < stopAt) {
      const i = n++;
      const session = sessions[i % USERS]!;
      const base = api[i % api.length]!.url;
      const auth = { authorization: `Bearer ${session.token}` };
      const json = { ...auth, 'content-type': 'application/json' };
      const op = ['wallet', 'unlock', 'sms', 'checkin', 'play', 'unlock', 'config'][i % 7]!;
      let path: string;
      let init: RequestInit = { headers: auth };
      let wrote: Outcome['wrote'];
      if (op === 'wallet') path = '/api/v1/wallet';
      else if (op === 'config') path = '/api/v1/app/config';
      // A play's record is written after its answer, in batches: that background write meets the outages too.
      else if (op === 'play') path = `/api/v1/episodes/${freeEpisodeId}/play`;
      else if (op === 'unlock') {
        const k = nextEpisode.get(session.user.uid) ?? 0;
        nextEpisode.set(session.user.uid, k + 1);
        const episodeId = paidEpisodeIds[k % paidEpisodeIds.length]!;
        path = '/api/v1/unlock';
        init = { method: 'POST', headers: json, body: JSON.stringify({ episode_id: episodeId }) };
        wrote = { table: 'episode_unlocks', key: `${session.user.uid}:${episodeId}` };
      } else if (op === 'sms') {
        const phone = newPhone();
        path = '/api/v1/auth/sms/send';
        init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) };
        wrote = { table: 'sms_codes', key: phone };
      } else {
        path = '/api/v1/task/checkin';
        init = { method: 'POST', headers: json, body: '{}' };
        wrote = { table: 'checkins', key: String(session.user.uid) };
      }
      const at = elapsed();
      try {
        const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
        const body = (await res.json().catch(() => ({}))) as { code?: number };
        const acknowledged = body.code === Code.OK || body.code === Code.ALREADY_OWNED;
        outcomes.push({
          op,
          at,
          answeredAt: elapsed(),
          status: res.status,
          code: body.code,
          retryAfter: res.headers.get('retry-after'),
          ...(acknowledged && wrote ? { wrote } : {}),
        });
      } catch {
        outcomes.push({ op, at, answeredAt: elapsed(), status: 0, code: undefined, retryAfter: null });
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await during(elapsed);
  stopAt = elapsed() + tailMs;
  await Promise.all(clients);
  return outcomes;
}

/** Business answers this load may meet; with the retryable 503, the only answers allowed. */
const BUSINESS_CODES = new Set<number>([Code.OK, Code.ALREADY_DONE_TODAY, Code.ALREADY_OWNED]);

/** Every answer that is neither a business answer nor the documented retryable one. */
function unexpected(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((o) => {
    if (o.status === 503) return o.code !== Code.SERVICE_UNAVAILABLE || o.retryAfter === null;
    return o.code === undefined || !BUSINESS_CODES.has(o.code);
  });
}

async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Acknowledged writes the database does not hold. */
async function lostWrites(outcomes: Outcome[]): Promise<string[]> {
  const writes = outcomes.flatMap((o) => (o.wrote ? [o.wrote] : []));
  return withDatabase(async (client) => {
    const unlocks = new Set(
      (await client.query<{ k: string }>(`select user_id || ':' || episode_id as k from episode_unlocks`)).rows.map(
        (r) => r.k,
      ),
    );
    const checkins = new Set(
      (await client.query<{ k: string }>('select distinct user_id::text as k from checkins')).rows.map((r) => r.k),
    );
    const codes = new Set((await client.query<{ k: string }>('select phone as k from sms_codes')).rows.map((r) => r.k));
    const tables = { episode_unlocks: unlocks, checkins, sms_codes: codes };
    return writes.filter((w) => !tables[w.table].has(w.key)).map((w) => `${w.table} ${w.key}`);
  });
}

const reconcile = () => reconcileLedger(env);

/** Milliseconds until both processes answer a write (a check-in) with a business code again. */
async function recoveryMs(): Promise<number> {
  const started = Date.now();
  for (const server of api) {
    for (;;) {
      const res = await fetch(`${server.url}/api/v1/task/checkin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sessions[0]!.token}`, 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => undefined);
      const code = res ? ((await res.json()) as { code?: number }).code : undefined;
      if (code !== undefined && BUSINESS_CODES.has(code)) break;
      if (Date.now() - started > RECOVERY_MS) return Number.POSITIVE_INFINITY;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return Date.now() - started;
}

/** The checks every round ends with. */
async function expectSurvived(name: string, outcomes: Outcome[]): Promise<void> {
  expect(api.map((server) => alive(server.child))).toEqual([true, true]);
  expect(alive(worker)).toBe(true);
  expect(unexpected(outcomes)).toEqual([]);
  expect(outcomes.filter((o) => o.code === Code.OK).length).toBeGreaterThan(10);
  const recovered = await recoveryMs();
  const retryable = outcomes.filter((o) => o.status === 503).length;
  const acknowledged = outcomes.filter((o) => o.wrote).length;
  console.info(
    `[chaos] ${name}: ${outcomes.length} requests, ${retryable} answered 503 SERVICE_UNAVAILABLE, ${acknowledged} acknowledged writes checked, writes served again ${recovered} ms after`,
  );
  expect(recovered).toBeLessThan(RECOVERY_MS);
  expect(await lostWrites(outcomes)).toEqual([]);
  const reconciled = reconcile();
  expect(reconciled.out).toContain('no differences');
  expect(reconciled.status).toBe(0);
}

/** Terminates every session of the app's database at a moment when some of them are inside a transaction. */
async function terminateMidTransaction(admin: pg.Client): Promise<{ terminated: number; inTransaction: number }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    // One statement: every session is terminated at the moment some of them are inside a transaction.
    const { rows } = await admin.query<{ terminated: number; in_transaction: number }>(
      `with sessions as (
         select pid, xact_start from pg_stat_activity
          where datname = 'chaos' and pid <> pg_backend_pid() and backend_type = 'client backend')
       select count(pg_terminate_backend(pid))::int as terminated,
              count(*) filter (where xact_start is not null)::int as in_transaction
         from sessions
        where exists (select 1 from sessions where xact_start is not null) or $1`,
      [Date.now() > deadline],
    );
    const round = rows[0]!;
    if (round.terminated > 0) return { terminated: round.terminated, inTransaction: round.in_transaction };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('database chaos', () => {
  it('a process whose pool listens to idle clients only dies when its backends are terminated; the server’s pool does not (positive control)', async () => {
    const start = (mode: 'bare' | 'product') => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/chaos/transaction-loop.ts', mode], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`${mode} exited with ${code} before it was ready: ${stderr}`)));
      });
      return { child, ready, exit: once(child, 'exit'), stderr: () => stderr };
    };
    const bare = start('bare');
    const product = start('product');
    await Promise.all([bare.ready, product.ready]);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // `bare` dies when a round catches one of its clients checked out between two statements
      // (nothing listens for that client's error then). On a loaded machine a round can find all
      // four inside a statement or back in the pool instead: rounds go on, a few, until it dies.
      let exited: [number | null] | undefined;
      void bare.exit.then((result) => (exited = result as [number | null]));
      for (let round = 0; round < 8 && exited === undefined; round += 1) {
        expect((await terminateMidTransaction(admin)).inTransaction).toBeGreaterThan(0);
        await Promise.race([bare.exit, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      }
      expect(exited, 'bare survived eight rounds').toBeDefined();
      const [code] = exited!;
      expect(code).not.toBe(0);
      expect(bare.stderr()).toMatch(/terminating connection due to administrator command|Connection terminated/);
      // The product's pool is still working a second later, then stops when asked.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(alive(product.child)).toBe(true);
      product.child.kill('SIGTERM');
      expect(((await product.exit) as [number | null])[0]).toBe(0);
    } finally {
      if (alive(bare.child)) bare.child.kill('SIGKILL');
      if (alive(product.child)) product.child.kill('SIGKILL');
      await admin.end();
    }
  }, 120_000);

  it('every backend terminated mid-transaction, three rounds: no process exits, nothing acknowledged is lost', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const rounds: { terminated: number; inTransaction: number }[] = [];
    try {
      const outcomes = await load(async () => {
        for (let i = 0; i < 3; i += 1) {
          rounds.push(await terminateMidTransaction(admin));
          await new Promise((resolve) => setTimeout(resolve, 1_200));
        }
      });
      expect(api.map((server) => alive(server.child))).toEqual([true, true]);
      expect(rounds.every((round) => round.inTransaction > 0)).toBe(true);
      // The rounds were felt: some requests were answered with the retryable code.
      expect(outcomes.some((o) => o.code === Code.SERVICE_UNAVAILABLE)).toBe(true);
      await expectSurvived('terminate ×3', outcomes);
    } finally {
      await admin.end();
    }
  }, 120_000);

  it('PostgreSQL restarts: requests meanwhile get the retryable 503, /readyz says the database is down, then both serve again by themselves', async () => {
    const readiness: number[] = [];
    const outcomes = await load(async () => {
      let restarting = true;
      const probe = (async () => {
        while (restarting) {
          const res = await fetch(`${api[0]!.url}/readyz`).catch(() => undefined);
          readiness.push(res?.status ?? 0);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      await postgres.restart();
      restarting = false;
      await probe;
    }, 2_000);
    expect(readiness).toContain(503);
    await expectSurvived('PostgreSQL restart', outcomes);
    expect((await fetch(`${api[0]!.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${api[1]!.url}/readyz`)).status).toBe(200);
  }, 120_000);

  it('Redis pauses (DEBUG SLEEP): sign-in codes, unlocks and check-ins go on', async () => {
    const outcomes = await load(async () => {
      const socket = createConnection({ host: '127.0.0.1', port: redisPort });
      await once(socket, 'connect');
      socket.write('DEBUG SLEEP 3\r\n');
      await once(socket, 'data');
      socket.destroy();
    });
    await expectSurvived('Redis DEBUG SLEEP 3', outcomes);
  }, 120_000);

  it('a hot table locked past the lock timeout: waits end at the timeout with the retryable 503, not when the lock does', async () => {
    const holdMs = 3_000;
    let releasedAt = 0;
    const outcomes = await withDatabase((holder) =>
      load(async (elapsed) => {
        await holder.query('begin');
        await holder.query('lock table users in access exclusive mode');
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        await holder.query('rollback');
        releasedAt = elapsed();
      }),
    );
    // Answered while the lock was still held: the wait was bounded by lock_timeout.
    const bounded = outcomes.filter((o) => o.code === Code.SERVICE_UNAVAILABLE && o.answeredAt < releasedAt);
    expect(bounded.length).toBeGreaterThan(0);
    await expectSurvived('users locked 3 s', outcomes);
  }, 120_000);

  it('the worker survived it all and still runs queued jobs', async () => {
    expect(alive(worker)).toBe(true);
    const id = await enqueueJob(databaseUrl, JOB.coinExpiry, {});
    const state = () =>
      withDatabase(async (client) => {
        const { rows } = await client.query<{ state: string }>('select state from pgboss.job where id = $1', [id]);
        return rows[0]?.state;
      });
    for (let i = 0; i < 120 && (await state()) !== 'completed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await state()).toBe('completed');
  }, 60_000);
});
