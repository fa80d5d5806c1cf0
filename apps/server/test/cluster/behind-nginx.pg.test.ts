import { mkdtempSync, rmSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type Session } from '@cliffhanger/contract';
import { startFakeStripe, type FakeStripe } from '@cliffhanger/test-kit/fakes/fake-stripe';
import { startFakeTwilio, type FakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { startRedisServer } from '@cliffhanger/test-kit/redis-server';
import { freePort, repoRoot, startServerProcess, type ServerProcess } from '@cliffhanger/test-kit/server-process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { reconcileLedger } from '../helpers/reconcile.js';
import { signIn } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '../helpers/test-app.js';
import { startNginx, type NginxProcess } from './nginx-process.js';
import { writeFileSync } from 'node:fs';
import { loadManifest } from '../../src/catalog-import/load-manifest.js';
import { DEMO_MANIFEST } from '../../src/demo-catalog/seed-demo-catalog.js';
import { enqueueJob } from '../../src/jobs/job-queue.js';
import { JOB } from '../../src/services/jobs.js';

/**
 * The production shape on one machine: two compiled API processes on PostgreSQL and Redis behind
 * Debian's nginx running deploy/nginx/cliffhanger.conf, under a mixed load of reads, plays,
 * unlocks, check-ins and coin purchases paid through Stripe's webhooks (a fake Stripe). One process dies by SIGKILL and comes back; both restart by SIGTERM one
 * after the other; the SMS limit is counted once for both; a worker runs a queued catalogue
 * import and the coin-expiry sweep; Redis (a private redis-server) stops,
 * and sign-in, unlocks and payments go on with limits counted per process. The ledger must reconcile.
 */
const USERS = 12;
const EPISODES = 40;
const CONCURRENCY = 8;
/** One coin pack every this often: about 5 per user in each 9 s load of this file. */
const PURCHASE_EVERY_MS = 150;
/** The per-IP SMS limit the processes run with (the seeding app has its own, higher one). */
const SMS_IP_CAP = 5;
const TWILIO_SID = 'AC0000000000000000000000000cluster';

let dataDir: string;
let database: TestDatabaseUrl;
let env: Record<string, string>;
const sessions: Session[] = [];
let dramaId = 0;
let freeEpisodeId = 0;
let paidEpisodeIds: number[] = [];
const api: ServerProcess[] = [];
let nginx: NginxProcess;
let twilio: FakeTwilio;
let stripe: FakeStripe;
const STRIPE_KEY = 'sk_test_cliffhangerCluster';
const STRIPE_WEBHOOK_SECRET = 'whsec_cliffhangerCluster';
let redis: ChildProcess;
let worker: ChildProcess;
/** The worker's own /metrics and /healthz. */
let workerUrl: string;
/** A viewer nobody else touches, holding coins that fall due once the servers are up. */
let idleHolder: Session;

const portOf = (server: ServerProcess) => Number(new URL(server.url).port);

async function startApi(port?: number): Promise<ServerProcess> {
  return startServerProcess(env, { compiled: true, ...(port ? { port } : {}) });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-cluster-'));
  database = await createTestDatabaseUrl();
  const redisPort = await freePort();
  // A redis-server of this file's own, so stopping it touches no other test.
  redis = await startRedisServer(redisPort);
  twilio = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: 'cluster-twilio-token' });
  stripe = await startFakeStripe({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET });
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl!,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SMS_PROVIDER: 'twilio',
    TWILIO_API_BASE: twilio.url,
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: 'cluster-twilio-token',
    TWILIO_FROM: '+15005550006',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    LOG_LEVEL: 'silent',
    DEMO_CATALOG: 'false',
    TRUST_PROXY: 'true',
    SMS_IP_HOURLY_CAP: String(SMS_IP_CAP),
    AUTH_SECRET: 'cluster-test-secret-0123456789abcdefghijklmnop',
    // The API processes leave the background jobs to the worker.
    JOB_RUNNER: 'worker',
  };
  const sms = new RecordingSmsSender();
  const app = await buildApp(loadConfig({ ...env, SMS_IP_HOURLY_CAP: '100000', REDIS_URL: '' }), { smsSender: sms });
  try {
    for (let i = 0; i < USERS; i += 1) sessions.push(await signIn({ app, sms }));
    const seeded = await seedDrama(app, { episodes: EPISODES, freeEpisodes: 2, episodePrice: 5, allPrice: 150 });
    dramaId = seeded.drama.id;
    freeEpisodeId = seeded.episodes[0]!.id;
    paidEpisodeIds = seeded.episodes.slice(2).map((e) => e.id);
    for (const session of sessions) {
      await app.services.wallet.credit({ userId: session.user.uid, kind: 'recharge', amount: 100, key: 'seed:recharge' });
    }
    idleHolder = await signIn({ app, sms });
    await app.services.wallet.credit({
      userId: idleHolder.user.uid,
      kind: 'checkin_reward',
      amount: 15,
      key: 'seed:due',
      expiresAt: new Date(Date.now() + 2_000),
    });
  } finally {
    await app.close();
  }
  api.push(await startApi(), await startApi());
  // One worker beside them (`npm run worker`, compiled), for the whole file.
  const workerPort = await freePort();
  workerUrl = `http://127.0.0.1:${workerPort}`;
  worker = spawn(process.execPath, ['scripts/compiled.mjs', 'worker'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, HOST: '127.0.0.1', WORKER_METRICS_PORT: String(workerPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  nginx = await startNginx(api.map(portOf));
  // Stripe delivers its webhooks to the site, like any other request: through nginx.
  stripe.setWebhookUrl(`${nginx.url}/api/v1/payments/stripe/webhook`);
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  if (worker && worker.exitCode === null) {
    worker.kill('SIGTERM');
    await once(worker, 'exit');
  }
  for (const server of api) await server.stop();
  redis?.kill('SIGKILL');
  await twilio?.close();
  await stripe?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  at: number;
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  code: number | undefined;
  op: string;
  unlocked?: { userId: number; episodeId: number };
  /** Why a purchase failed, for the assertion's message. */
  error?: string;
}

/** Closed-loop clients through nginx for `ms`: reads, plays, unlocks and check-ins in turn. */
async function mixedLoad(ms: number, during: (elapsed: () => number) => Promise<void>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  let n = 0;
  const nextUnlock = new Map<number, number>();
  const client = async () => {
    while (elapsed() < ms) {
      const i = n++;
      const session = sessions[i % USERS]!;
      const userId = session.user.uid;
      const auth = { authorization: `Bearer ${session.token}` };
      const json = { ...auth, 'content-type': 'application/json' };
      const op = ['home', 'drama', 'play', 'unlock', 'checkin'][i % 5]!;
      let request: [string, RequestInit];
      let unlocked: Outcome['unlocked'];
      if (op === 'home') request = ['/api/v1/home', {}];
      else if (op === 'drama') request = [`/api/v1/dramas/${dramaId}`, { headers: auth }];
      else if (op === 'play') request = [`/api/v1/episodes/${freeEpisodeId}/play`, { headers: auth }];
      else if (op === 'unlock') {
        const k = nextUnlock.get(userId) ?? 0;
        nextUnlock.set(userId, k + 1);
        const episodeId = paidEpisodeIds[k % paidEpisodeIds.length]!;
        unlocked = { userId, episodeId };
        request = ['/api/v1/unlock', { method: 'POST', headers: json, body: JSON.stringify({ episode_id: episodeId }) }];
      } else request = ['/api/v1/task/checkin', { method: 'POST', headers: json, body: '{}' }];
      const at = elapsed();
      try {
        const res = await fetch(`${nginx.url}${request[0]}`, request[1]);
        const body = (await res.json().catch(() => ({}))) as { code?: number };
        outcomes.push({
          at,
          status: res.status,
          code: body.code,
          op,
          ...(unlocked && body.code === Code.OK ? { unlocked } : {}),
        });
      } catch {
        outcomes.push({ at, status: 0, code: undefined, op });
      }
    }
  };
  // Coin packs bought and paid meanwhile: the order through nginx, then Stripe's webhook. Paced:
  // a user may open 20 checkouts an hour (purchase.service.ts), and the file's loads together
  // must stay under that for every user, however fast the machine runs them.
  const payer = async () => {
    for (let i = 0; elapsed() < ms; i += 1) {
      const session = sessions[i % USERS]!;
      const at = elapsed();
      const next = at + PURCHASE_EVERY_MS;
      const bought = await buyCoins(session.token).catch((error: unknown) => error as Error);
      await sleepUntil(elapsed, next);
      if (bought instanceof Error) {
        outcomes.push({ at, status: 0, code: undefined, op: 'purchase', error: bought.message });
        continue;
      }
      outcomes.push({ at, status: 200, code: Code.OK, op: 'purchase' });
      const paid = await stripe.completeCheckout(bought.sessionId);
      for (const delivery of paid.deliveries) {
        outcomes.push({ at: elapsed(), status: delivery.status, code: Code.OK, op: 'webhook' });
      }
    }
  };
  await Promise.all([...Array.from({ length: CONCURRENCY }, client), payer(), during(elapsed)]);
  return outcomes;
}

const sleepUntil = async (elapsed: () => number, at: number) => {
  while (elapsed() < at) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** Answers that are failures whatever the request: no answer, or a 5xx. */
const failed = (outcomes: Outcome[]) => outcomes.filter((o) => o.status === 0 || o.status >= 500);
/** Business answers the load may meet; anything else is a bug. */
const EXPECTED_CODES = new Set<number>([Code.OK, Code.ALREADY_DONE_TODAY, Code.ALREADY_OWNED, Code.INSUFFICIENT_COINS]);

const reconcile = () => reconcileLedger(env);

/** A coin pack ordered through nginx with Stripe; the Checkout Session the fake then pays. */
async function buyCoins(token: string): Promise<{ orderId: string; sessionId: string }> {
  const body = await post<{ order_id: string; checkout_url: string }>(
    '/api/v1/member/purchase',
    { product: 'coins_500', pay_channel: 'stripe' },
    token,
  );
  if (body.code !== Code.OK) throw new Error(`purchase answered ${body.code}`);
  return { orderId: body.data.order_id, sessionId: new URL(body.data.checkout_url).pathname.split('/').pop() ?? '' };
}

async function post<T = unknown>(path: string, body: unknown, token?: string): Promise<{ code: number; data: T }> {
  const res = await fetch(`${nginx.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: T };
}

/**
 * Sends `count` SMS codes to distinct phones, each claiming another client address, and answers
 * how many were accepted. nginx replaces X-Forwarded-For, so every send counts for the address
 * nginx saw (127.0.0.1): a client cannot pick the address the per-IP limit counts.
 */
async function smsAccepted(count: number): Promise<number> {
  let accepted = 0;
  for (let i = 0; i < count; i += 1) {
    const claimed = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const res = await fetch(`${nginx.url}/api/v1/auth/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': claimed },
      body: JSON.stringify({ phone: `+1500555${String(randomInt(10_000)).padStart(4, '0')}` }),
    });
    if (((await res.json()) as { code: number }).code === Code.OK) accepted += 1;
  }
  return accepted;
}

describe('two API processes behind nginx', () => {
  it('keeps serving while one is killed, takes it back when restarted, and loses nothing committed', async () => {
    let killedAt = 0;
    let back = 0;
    const outcomes = await mixedLoad(8_000, async (elapsed) => {
      await sleepUntil(elapsed, 2_000);
      killedAt = elapsed();
      await api[0]!.kill();
      await sleepUntil(elapsed, 4_500);
      api[0] = await startApi(portOf(api[0]!));
      back = elapsed();
    });
    expect(outcomes.length).toBeGreaterThan(200);
    expect(outcomes.filter((o) => o.op === 'webhook' && o.status === 200).length).toBeGreaterThan(3);
    // Only requests already inside the killed process may fail (nginx resends what it can).
    expect(failed(outcomes).length).toBeLessThanOrEqual(CONCURRENCY);
    const whileDown = outcomes.filter((o) => o.at > killedAt + 500 && o.at < back);
    expect(whileDown.length).toBeGreaterThan(20);
    expect(failed(whileDown)).toEqual([]);
    const answered = outcomes.filter((o) => o.status > 0 && o.status < 500);
    expect(answered.filter((o) => !EXPECTED_CODES.has(o.code ?? -1))).toEqual([]);
    // The restarted process answers again.
    expect((await fetch(`${api[0]!.url}/readyz`)).status).toBe(200);

    // Every unlock that was answered OK is in the database.
    const done = outcomes.flatMap((o) => (o.unlocked ? [o.unlocked] : []));
    expect(done.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const rows = await client.query<{ user_id: string; episode_id: string }>(
        'select user_id, episode_id from episode_unlocks',
      );
      const stored = new Set(rows.rows.map((r) => `${r.user_id}:${r.episode_id}`));
      expect(done.filter((u) => !stored.has(`${u.userId}:${u.episodeId}`))).toEqual([]);
      expect((await client.query('select id from users where coin < 0')).rows).toEqual([]);
    } finally {
      await client.end();
    }
    const reconciled = reconcile();
    expect(reconciled.out).toContain('no differences');
    expect(reconciled.status).toBe(0);
  }, 120_000);

  it('restarts both processes one after the other with SIGTERM without a failed request', async () => {
    const outcomes = await mixedLoad(9_000, async (elapsed) => {
      await sleepUntil(elapsed, 1_000);
      for (const i of [0, 1]) {
        const port = portOf(api[i]!);
        await api[i]!.stop();
        api[i] = await startApi(port);
        await sleepUntil(elapsed, elapsed() + 500);
      }
    });
    expect(outcomes.length).toBeGreaterThan(200);
    expect(outcomes.filter((o) => o.op === 'webhook' && o.status === 200).length).toBeGreaterThan(3);
    expect(failed(outcomes)).toEqual([]);
    expect(reconcile().status).toBe(0);
  }, 120_000);

  it('counts the SMS limit once for both processes (Redis)', async () => {
    const accepted = await smsAccepted(SMS_IP_CAP * 2);
    expect(accepted).toBe(SMS_IP_CAP);
  }, 60_000);

  it('runs queued jobs in the worker: an import both processes show, and the coin-expiry sweep', async () => {
    // One demo drama with prebuilt HLS (nothing to transcode), by absolute paths.
    const demo = (await loadManifest(DEMO_MANIFEST)).dramas[0]!;
    const manifest = join(dataDir, 'queued.json');
    writeFileSync(manifest, JSON.stringify({ dramas: [demo] }));
    const queued = spawnSync(process.execPath, ['scripts/compiled.mjs', 'catalog', 'enqueue', manifest], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(queued.stderr).toBe('');
    expect(queued.stdout).toContain('Queued the import');

    const title = demo.title.en ?? '';
    const shows = async (server: ServerProcess) => {
      const res = await fetch(`${server.url}/api/v1/dramas?sort=hits&size=50&lang=en`);
      const list = ((await res.json()) as { data: { list: { title: string }[] } }).data.list;
      return list.some((drama) => drama.title === title);
    };
    const deadline = Date.now() + 60_000;
    while (!((await shows(api[0]!)) && (await shows(api[1]!))) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await shows(api[0]!)).toBe(true);
    expect(await shows(api[1]!)).toBe(true);

    // The sweep is scheduled by the minute; queued now, it expires the idle holder's due coins.
    await enqueueJob(env.DATABASE_URL!, JOB.coinExpiry, {});
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const coin = async () =>
        Number((await client.query('select coin from users where id = $1', [idleHolder.user.uid])).rows[0]?.coin);
      for (let i = 0; i < 120 && (await coin()) !== 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await coin()).toBe(0);
    } finally {
      await client.end();
    }
    expect(reconcile().status).toBe(0);

    // Both runs were the worker's, and its own /metrics counts them (the API processes cannot).
    expect((await fetch(`${workerUrl}/healthz`)).status).toBe(200);
    const metric = async (series: string) => {
      const text = await (await fetch(`${workerUrl}/metrics`)).text();
      return Number(text.split('\n').find((line) => line.startsWith(`${series} `))?.split(' ')[1]);
    };
    const completed = (job: string) => metric(`job_runs_total{job="${job}",outcome="completed"}`);
    for (let i = 0; i < 40 && (await completed('coin-expiry')) < 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await completed('catalog-import')).toBe(1);
    expect(await completed('coin-expiry')).toBeGreaterThanOrEqual(1);
    expect(await metric('job_runs_total{job="catalog-import",outcome="failed"}')).toBe(0);
    expect(await metric('ledger_entries_total{kind="coin_expiry"}')).toBeGreaterThanOrEqual(1);
    const apiText = await (await fetch(`${api[0]!.url}/metrics`)).text();
    expect(apiText).toContain('job_runs_total{job="catalog-import",outcome="completed"} 0');
  }, 90_000);

  it('signs in, unlocks and pays with Redis stopped, counting limits per process meanwhile', async () => {
    redis.kill('SIGKILL');
    await once(redis, 'exit');

    const phone = '+15005550999';
    const sent = await post('/api/v1/auth/sms/send', { phone });
    expect(sent.code).toBe(Code.OK);
    const code = twilio.lastCodeFor(phone);
    expect(code).toBeDefined();
    const login = await post<{ token: string; user: { uid: number } }>('/api/v1/auth/sms/login', { phone, code });
    expect(login.code).toBe(Code.OK);

    const credit = spawnSync(
      process.execPath,
      ['scripts/compiled.mjs', 'wallet', 'credit', String(login.data.user.uid), '20', 'giveaway', 'redis-down-1'],
      { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(credit.status).toBe(0);
    const unlocked = await post('/api/v1/unlock', { episode_id: paidEpisodeIds[0] }, login.data.token);
    expect(unlocked.code).toBe(Code.OK);
    const bought = await buyCoins(login.data.token);
    expect((await stripe.completeCheckout(bought.sessionId)).deliveries.map((d) => d.status)).toEqual([200]);
    const order = await fetch(`${nginx.url}/api/v1/orders/${bought.orderId}`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    });
    expect(((await order.json()) as { data: { status: string } }).data.status).toBe('fulfilled');

    // Two processes, each counting alone: more than the shared cap gets through, never more
    // than one cap per process.
    const accepted = await smsAccepted(SMS_IP_CAP * 3);
    expect(accepted).toBeGreaterThan(SMS_IP_CAP);
    expect(accepted).toBeLessThanOrEqual(SMS_IP_CAP * 2);
    expect(reconcile().status).toBe(0);
  }, 60_000);
});
