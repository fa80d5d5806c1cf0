import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withAdmin } from '@cliffhanger/test-kit/pg-admin';
import { repoRoot } from '../support/server-process.js';
import { startEdge, type Edge } from './edge-process.js';
import { runLoad, type LoadRequest } from './load.js';
import { startMediaWorld, type MediaWorld } from './media-world.js';
import { post, type Envelope } from './read-world.js';
import { childrenOf, usageOf, usageSince, type ProcUsage } from './proc-stats.js';
import {
  API_KINDS,
  ASSUMPTIONS,
  capacityPlan,
  requestsPerViewerMinute,
  type ApiKind,
  type Measured,
  type PlanRow,
  type RequestCost,
} from './scale-plan.js';
import { runViewers, type ViewersLoadResult } from './viewers-load.js';
import { runPgbench, type PgbenchResult } from './writes-bench.js';

const run = promisify(execFile);

/**
 * `npm run bench -- scale`: what simulated viewers cost the production shape on this machine (two
 * API processes on PostgreSQL and Redis, media from their shared disk), once with the viewers on
 * one API process directly and once through the nginx+njs edge in front of both; then what one API
 * process, one PostgreSQL (pgbench) and one Redis (redis-benchmark) carry. docs/scale.md turns
 * these into the plan for a million daily viewers (scale-plan.ts).
 */
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const SECONDS = Number(process.env.BENCH_VIEWERS_S ?? 60);
/** API requests of one process must answer within this at p95 to count as carried. */
const API_P95_BOUND_MS = 50;
/** Three in five viewers sign in (and save progress); the rest watch as visitors. */
const signsIn = (viewer: number) => viewer % 5 < 3;
/** Signed-in viewers of the per-request costs and the capacity run. */
const SIGNED_IN = 50;
/** Requests of each kind whose cost is measured. */
const COST_REQUESTS = Number(process.env.BENCH_COST_REQUESTS ?? 600);
/** pg_stat_database hears from an idle backend within 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL). */
const STATS_SETTLE_MS = 11_000;

interface DbCounters {
  xactCommit: number;
  rowWrites: number;
  playRows: number;
}

interface ViewersRun {
  mode: 'origin' | 'edge';
  load: ViewersLoadResult;
  /** The API processes' CPU and written bytes over the run. */
  api: ProcUsage;
  /** The edge's nginx (master and workers), through the edge only. */
  edge?: ProcUsage;
  /** The load generator's own CPU (it shares the machine). */
  generatorCpuSeconds: number;
  db: DbCounters;
  redisCommands: number;
  loadAverage: number;
}

export interface ScaleResult {
  viewers: number;
  seconds: number;
  runs: ViewersRun[];
  costs: KindCost[];
  api: { concurrency: number; requestsPerSecond: number; p95: number; errors: number }[];
  pgbench: PgbenchResult;
  redis: { test: string; rps: number; p95: number }[];
  playRowBytes: number;
  measured: Measured;
  plan: PlanRow[];
}

async function dbCounters(adminUrl: string, world: MediaWorld): Promise<DbCounters> {
  const stats = await withAdmin(adminUrl, (client) =>
    client.query<{ xact_commit: string; writes: string }>(
      `SELECT xact_commit, tup_inserted + tup_updated + tup_deleted AS writes FROM pg_stat_database WHERE datname = $1`,
      [world.databaseName],
    ),
  );
  const plays = await withAdmin(world.databaseUrl, (client) =>
    client.query<{ n: string }>('SELECT count(*) AS n FROM episode_plays'),
  );
  return {
    xactCommit: Number(stats.rows[0]?.xact_commit ?? 0),
    rowWrites: Number(stats.rows[0]?.writes ?? 0),
    playRows: Number(plays.rows[0]?.n ?? 0),
  };
}

async function redisCommands(port: number): Promise<number> {
  const { stdout } = await run('redis-cli', ['-p', String(port), 'info', 'stats']);
  return Number(/total_commands_processed:(\d+)/.exec(stdout)?.[1] ?? 0);
}

async function dramaIdsOf(origin: string): Promise<number[]> {
  const res = await fetch(`${origin}/api/v1/dramas?sort=hits&size=50`);
  const body = (await res.json()) as { data: { list: { id: number }[] } };
  return body.data.list.map((d) => d.id);
}

async function viewersRun(
  mode: ViewersRun['mode'],
  origin: string,
  adminUrl: string,
  world: MediaWorld,
  edge: Edge | undefined,
  dramaIds: number[],
  phonePrefix: string,
): Promise<ViewersRun> {
  const apiPids = world.api.map((s) => s.child.pid ?? 0);
  const edgePids = () => (edge ? edge.pids().flatMap((pid) => [pid, ...childrenOf(pid)]) : []);
  await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
  const db0 = await dbCounters(adminUrl, world);
  const redis0 = await redisCommands(world.redisPort);
  const api0 = usageOf(apiPids);
  const edge0 = usageOf(edgePids());
  const me0 = process.cpuUsage();
  const loadAverage = loadavg()[0] ?? 0;
  const load = await runViewers({
    origin,
    viewers: VIEWERS,
    seconds: SECONDS,
    rampSeconds: Math.min(10, SECONDS / 4),
    dramaIds,
    signsIn,
    phoneOf: (i) => `${phonePrefix}${String(i).padStart(4, '0')}`,
    codeFor: (phone) => world.codeFor(phone),
  });
  const me = process.cpuUsage(me0);
  const api = usageSince(api0, usageOf(apiPids));
  const edgeUsage = edge ? usageSince(edge0, usageOf(edgePids())) : undefined;
  await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
  const db1 = await dbCounters(adminUrl, world);
  const redis1 = await redisCommands(world.redisPort);
  return {
    mode,
    load,
    api,
    ...(edgeUsage ? { edge: edgeUsage } : {}),
    generatorCpuSeconds: Math.round(((me.user + me.system) / 1e6) * 100) / 100,
    db: {
      // The two statistics queries of this function are transactions of the admin database, not this one.
      xactCommit: db1.xactCommit - db0.xactCommit,
      rowWrites: db1.rowWrites - db0.rowWrites,
      playRows: db1.playRows - db0.playRows,
    },
    // Less the INFO command of the first reading.
    redisCommands: redis1 - redis0 - 1,
    loadAverage,
  };
}

/** One kind of API request alone on one process, and what it cost. */
interface KindCost extends RequestCost {
  kind: ApiKind;
  requests: number;
  errors: number;
}

interface Reading {
  db: DbCounters;
  redis: number;
  cpuSeconds: number;
}

/**
 * What each kind of API request costs, one kind at a time on the first process (the second stays
 * idle): the database's commits and row writes, Redis commands and the process's CPU, each over a
 * settled pg_stat_database on both sides. Answers the signed-in viewers' bearers and the free
 * episodes for the capacity run.
 */
async function requestCosts(
  adminUrl: string,
  world: MediaWorld,
  dramas: number[],
): Promise<{ costs: KindCost[]; bearers: string[]; free: number[] }> {
  const origin = world.api[0]!.url;
  const pid = world.api[0]!.child.pid ?? 0;
  const read = async (): Promise<Reading> => {
    await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
    return {
      db: await dbCounters(adminUrl, world),
      redis: await redisCommands(world.redisPort),
      cpuSeconds: usageOf([pid]).cpuSeconds,
    };
  };
  const free: number[] = [];
  for (const id of dramas) {
    const res = await fetch(`${origin}/api/v1/dramas/${id}`);
    const drama = ((await res.json()) as Envelope<{ episodes: { id: number; locked: boolean }[] }>).data;
    free.push(...drama.episodes.filter((e) => !e.locked).map((e) => e.id));
  }
  const costs: KindCost[] = [];
  let before = await read();
  const record = async (kind: ApiKind, requests: number, errors: number) => {
    const after = await read();
    // Less the readings' own INFO command.
    const per = (x: number) => Math.round((x / requests) * 1000) / 1000;
    costs.push({
      kind,
      requests,
      errors,
      commits: per(after.db.xactCommit - before.db.xactCommit),
      rowWrites: per(after.db.rowWrites - before.db.rowWrites),
      redisCommands: per(after.redis - before.redis - 1),
      cpuMs: per((after.cpuSeconds - before.cpuSeconds) * 1000),
    });
    before = after;
  };

  const bearers: string[] = [];
  for (let i = 0; i < SIGNED_IN; i++) {
    const phone = `+1500555${String(9000 + i)}`;
    await post(`${origin}/api/v1/auth/sms/send`, { phone });
    const session = await post<{ token: string }>(`${origin}/api/v1/auth/sms/login`, {
      phone,
      code: world.codeFor(phone),
    });
    bearers.push(`Bearer ${session.token}`);
  }
  await record('signin', 2 * SIGNED_IN, 0);

  const each = async (kind: ApiKind, count: number, request: (i: number) => LoadRequest) => {
    const result = await runLoad(kind, {
      origin,
      concurrency: 4,
      seconds: 120,
      next: (i) => (i < count ? request(i) : undefined),
    });
    await record(kind, result.n, result.errors);
  };
  const auth = (i: number) => ({ authorization: bearers[i % bearers.length]! });
  await each('drama', COST_REQUESTS, (i) => ({
    method: 'GET',
    path: `/api/v1/dramas/${dramas[i % dramas.length]}`,
    headers: auth(i),
  }));
  // A new viewer and episode each time while there are pairs: each play is a viewer's first that day.
  await each('play', Math.min(COST_REQUESTS, bearers.length * free.length), (i) => ({
    method: 'GET',
    path: `/api/v1/episodes/${free[Math.floor(i / bearers.length) % free.length]}/play`,
    headers: auth(i),
  }));
  await each('progress', COST_REQUESTS, (i) => ({
    method: 'PUT',
    path: '/api/v1/history',
    headers: auth(i),
    body: { episode_id: free[i % free.length], position_s: i % 60 },
  }));
  return { costs, bearers, free };
}

/**
 * One API process under the viewers' API mix (drama pages, play answers and progress saves in the
 * proportions a viewer of the assumed catalogue sends them, scale-plan.ts), closed loop at rising
 * concurrency: what it carries is the most requests/s whose p95 stays within API_P95_BOUND_MS.
 */
async function apiCapacity(
  world: MediaWorld,
  dramas: number[],
  bearers: string[],
  free: number[],
): Promise<ScaleResult['api']> {
  const rates = requestsPerViewerMinute(ASSUMPTIONS);
  const weights: [ApiKind, number][] = [
    ['drama', rates.drama],
    ['play', rates.play],
    ['progress', rates.progress],
  ];
  const total = weights.reduce((sum, [, n]) => sum + n, 0);
  // A fixed spread of the kinds over the request numbers (7919 is prime, so i·7919 mod 1000 covers 0..999 evenly).
  const kindOf = (i: number): ApiKind => {
    let x = ((i * 7919) % 1000) / 1000;
    for (const [kind, n] of weights) {
      x -= n / total;
      if (x < 0) return kind;
    }
    return 'progress';
  };
  const rows: ScaleResult['api'] = [];
  for (const concurrency of [1, 4, 16, 64]) {
    const result = await runLoad(`viewer API mix, ${concurrency} loops`, {
      origin: world.api[0]!.url,
      concurrency,
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
      next: (i): LoadRequest => {
        const headers = { authorization: bearers[i % bearers.length]! };
        const episode = free[i % free.length]!;
        switch (kindOf(i)) {
          case 'drama':
            return { method: 'GET', path: `/api/v1/dramas/${dramas[i % dramas.length]}`, headers };
          case 'play':
            return { method: 'GET', path: `/api/v1/episodes/${episode}/play`, headers };
          default:
            return {
              method: 'PUT',
              path: '/api/v1/history',
              headers,
              body: { episode_id: episode, position_s: i % 60 },
            };
        }
      },
    });
    rows.push({ concurrency, requestsPerSecond: result.requestsPerSecond, p95: result.p95, errors: result.errors });
  }
  return rows;
}

async function redisBenchmark(port: number): Promise<ScaleResult['redis']> {
  const { stdout } = await run('redis-benchmark', [
    '-p',
    String(port),
    '--csv',
    '-q',
    '-t',
    'incr,get,set',
    '-n',
    '100000',
    '-c',
    '50',
  ]);
  return stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map((cell) => cell.replaceAll('"', '')))
    .map(([test = '', rps = '0', , , , p95 = '0']) => ({ test, rps: Math.round(Number(rps)), p95: Number(p95) }));
}

async function playRowBytes(world: MediaWorld): Promise<number> {
  const { rows } = await withAdmin(world.databaseUrl, (client) =>
    client.query<{ bytes: string; n: string }>(
      `SELECT pg_total_relation_size('episode_plays') AS bytes, (SELECT count(*) FROM episode_plays) AS n`,
    ),
  );
  const n = Number(rows[0]?.n ?? 0);
  return n > 0 ? Math.round(Number(rows[0]?.bytes ?? 0) / n) : 0;
}

const apiRequestsOf = (load: ViewersLoadResult) => API_KINDS.reduce((sum, kind) => sum + load.byKind[kind].requests, 0);

/**
 * The figures the plan needs. The origin run's API CPU less what its API requests cost (at the
 * measured cost of each kind) is what serving its video cost.
 */
function measuredOf(result: Omit<ScaleResult, 'measured' | 'plan'>): Measured {
  const origin = result.runs.find((r) => r.mode === 'origin')!;
  const perRequest = Object.fromEntries(
    result.costs.map(({ kind, commits, rowWrites, redisCommands, cpuMs }) => [
      kind,
      { commits, rowWrites, redisCommands, cpuMs },
    ]),
  ) as Measured['perRequest'];
  const apiCpuSeconds = API_KINDS.reduce(
    (sum, kind) => sum + (origin.load.byKind[kind].requests * perRequest[kind].cpuMs) / 1000,
    0,
  );
  const mediaBytes = origin.load.byKind.playlist.bytes + origin.load.byKind.segment.bytes;
  const carried = result.api.filter((row) => row.p95 <= API_P95_BOUND_MS && row.errors === 0);
  return {
    perRequest,
    fetchedPerWatched: origin.load.fetchedSeconds / origin.load.watchedSeconds,
    playRowBytes: result.playRowBytes,
    apiProcessRps: carried.length > 0 ? Math.max(...carried.map((row) => row.requestsPerSecond)) : Number.NaN,
    pgbenchTps: result.pgbench.tps,
    redisOpsPerSecond: Math.min(...result.redis.map((r) => r.rps)),
    originCpuSecondsPerGB: Math.max(0, origin.api.cpuSeconds - apiCpuSeconds) / (mediaBytes / 1e9),
  };
}

/** The commits a run's API requests would make at the measured cost of each kind, beside what PostgreSQL counted. */
export function predictedCommits(run: ViewersRun, costs: KindCost[]): number {
  return Math.round(costs.reduce((sum, c) => sum + run.load.byKind[c.kind].requests * c.commits, 0));
}

export async function benchScale(adminUrl: string): Promise<ScaleResult> {
  const world = await startMediaWorld(adminUrl, 2);
  let edge: Edge | undefined;
  try {
    edge = await startEdge(world.api.map((s) => Number(new URL(s.url).port)));
    const dramaIds = await dramaIdsOf(world.api[0]!.url);
    const runs: ViewersRun[] = [];
    runs.push(await viewersRun('origin', world.api[0]!.url, adminUrl, world, undefined, dramaIds, '+1500555'));
    if (edge) runs.push(await viewersRun('edge', edge.url, adminUrl, world, edge, dramaIds, '+1500556'));
    const { costs, bearers, free } = await requestCosts(adminUrl, world, dramaIds);
    const api = await apiCapacity(world, dramaIds, bearers, free);
    const pgbench = await runPgbench(adminUrl, 10, Number(process.env.BENCH_SECONDS ?? 10));
    const redis = await redisBenchmark(world.redisPort);
    const partial = {
      viewers: VIEWERS,
      seconds: SECONDS,
      runs,
      costs,
      api,
      pgbench,
      redis,
      playRowBytes: await playRowBytes(world),
    };
    const measured = measuredOf(partial);
    return { ...partial, measured, plan: capacityPlan(measured) };
  } finally {
    await edge?.stop();
    await world.stop();
  }
}

/** Cores per 1,000 concurrent viewers and Mb/s per 1,000, from a run's totals over its watched time. */
function perThousand(run: ViewersRun): {
  apiCores: number;
  edgeCores?: number;
  apiMbps: number;
  viewerMbps: number;
} {
  const viewerSeconds = run.load.watchedSeconds;
  const received = Object.values(run.load.byKind).reduce((sum, k) => sum + k.bytes, 0);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    apiCores: round((run.api.cpuSeconds / viewerSeconds) * 1000),
    ...(run.edge ? { edgeCores: round((run.edge.cpuSeconds / viewerSeconds) * 1000) } : {}),
    apiMbps: round(((run.api.writtenBytes * 8) / 1e6 / viewerSeconds) * 1000),
    viewerMbps: round(((received * 8) / 1e6 / viewerSeconds) * 1000),
  };
}

export function printScale(result: ScaleResult): void {
  console.log(`\nViewers: ${result.viewers} for ${result.seconds} s each run`);
  for (const r of result.runs) {
    const k = r.load.byKind;
    const t = perThousand(r);
    const minutes = r.load.watchedSeconds / 60;
    console.log(
      `${r.mode}: ${minutes.toFixed(1)} viewer-minutes, ${r.load.episodesStarted} episodes (${r.load.swipes} swiped), ${r.load.lateSegments} late segments; requests ${Object.entries(
        k,
      )
        .map(([name, c]) => `${name} ${c.requests}${c.errors ? ` (${c.errors} errors)` : ''}`)
        .join(', ')}; cache ${JSON.stringify(r.load.cache)}`,
    );
    console.log(
      `   API CPU ${r.api.cpuSeconds} s (${t.apiCores} cores per 1,000 viewers), API wrote ${(r.api.writtenBytes / 1e6).toFixed(1)} MB (${t.apiMbps} Mb/s per 1,000), viewers got ${t.viewerMbps} Mb/s per 1,000${r.edge ? `; edge CPU ${r.edge.cpuSeconds} s (${t.edgeCores} cores per 1,000)` : ''}; generator CPU ${r.generatorCpuSeconds} s; load ${r.loadAverage.toFixed(1)}`,
    );
    console.log(
      `   per viewer-minute of the demo catalogue's 6 s episodes: ${(apiRequestsOf(r.load) / minutes).toFixed(2)} API requests, ${(r.db.xactCommit / minutes).toFixed(2)} commits, ${(r.db.rowWrites / minutes).toFixed(2)} row writes, ${(r.db.playRows / minutes).toFixed(2)} play rows, ${(r.redisCommands / minutes).toFixed(2)} Redis commands`,
    );
    if (Object.keys(r.load.errorCodes).length > 0) console.log(`   errors: ${JSON.stringify(r.load.errorCodes)}`);
  }
  console.log('\nper request, one kind at a time   n   commits  row writes  Redis   CPU ms');
  for (const c of result.costs) {
    console.log(
      `${c.kind.padEnd(30)} ${String(c.requests).padStart(5)} ${[c.commits, c.rowWrites, c.redisCommands, c.cpuMs].map((x) => x.toFixed(2).padStart(9)).join(' ')}${c.errors ? `  ${c.errors} errors` : ''}`,
    );
  }
  for (const r of result.runs) {
    console.log(
      `${r.mode} run: ${r.db.xactCommit} commits counted, ${predictedCommits(r, result.costs)} from the costs above`,
    );
  }
  for (const row of result.api) {
    console.log(
      `one API process, ${row.concurrency} loops: ${row.requestsPerSecond} req/s, p95 ${row.p95} ms, ${row.errors} errors`,
    );
  }
  console.log(`pgbench TPC-B-like, 10 clients: ${result.pgbench.tps} tps (${result.pgbench.latencyMs} ms average)`);
  console.log(
    `redis-benchmark, 50 clients: ${result.redis.map((r) => `${r.test} ${r.rps}/s p95 ${r.p95} ms`).join(', ')}`,
  );
  console.log('\nPlan for 1,000,000 daily viewers (scale-plan.ts):');
  for (const row of result.plan) console.log(`- ${row.what}: ${row.value} (${row.how})`);
}

export function writeScaleResults(result: ScaleResult): ScaleResult & { at: string } {
  const out = path.join(repoRoot, 'data', 'bench', 'scale.json');
  const record = { at: new Date().toISOString(), ...result };
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
  return record;
}
