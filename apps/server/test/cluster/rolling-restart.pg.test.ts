import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type Session } from '@cliffhanger/contract';
import { startServerProcess, type ServerProcess } from '@cliffhanger/test-kit/server-process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { signIn } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '../helpers/test-app.js';
import { startNginx, type NginxProcess } from './nginx-process.js';

/**
 * A rolling restart at production's pace: two compiled API processes behind Debian's nginx running
 * deploy/nginx/cliffhanger.conf, and 24 kept-alive client connections sending requests back to
 * back (mostly GET /api/v1/app/config, every tenth a POST that changes something) for the whole
 * time each process in turn gets SIGTERM, exits, starts again and answers /readyz. At this pace
 * nginx reuses an idle upstream connection in the very moment a stopping process would close it,
 * so a process that closes idle connections itself fails a few requests in every run; none may fail.
 */
const CONNECTIONS = 24;
/** Every this many requests of a connection, one POST (a check-in or an unlock, in turn). */
const POST_EVERY = 10;
const PAID_EPISODES = 30;
const EPISODE_PRICE = 5;
const START_COINS = 1_000;
/** Bounds of the load, whatever the machine: it stops at the first of the two. */
const MAX_REQUESTS = 500_000;
const MAX_LOAD_MS = 60_000;
/**
 * Load before the first SIGTERM: the restarts happen under sustained load, once nginx holds its
 * kept-alive connections to both processes, not while it is still opening them.
 */
const WARM_UP_MS = 2_000;
/** Load between a process being ready again and the next SIGTERM, and after the last restart. */
const SETTLE_MS = 500;

let dataDir: string;
let database: TestDatabaseUrl;
let env: Record<string, string>;
const sessions: Session[] = [];
let paidEpisodeIds: number[] = [];
const api: ServerProcess[] = [];
let nginx: NginxProcess;

const portOf = (server: ServerProcess) => Number(new URL(server.url).port);
const startApi = (port?: number) => startServerProcess(env, { compiled: true, ...(port ? { port } : {}) });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-rolling-'));
  database = await createTestDatabaseUrl();
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl!,
    LOG_LEVEL: 'silent',
    DEMO_CATALOG: 'false',
    TRUST_PROXY: 'true',
    AUTH_SECRET: 'rolling-restart-secret-0123456789abcdefghijkl',
    // No background jobs in the API processes: only requests keep them busy.
    JOB_RUNNER: 'worker',
  };
  const sms = new RecordingSmsSender();
  const app = await buildApp(loadConfig({ ...env, SMS_IP_HOURLY_CAP: '100000' }), { smsSender: sms });
  try {
    for (let i = 0; i < CONNECTIONS; i += 1) sessions.push(await signIn({ app, sms }));
    const seeded = await seedDrama(app, {
      episodes: PAID_EPISODES + 1,
      freeEpisodes: 1,
      episodePrice: EPISODE_PRICE,
      allPrice: 1_000,
    });
    paidEpisodeIds = seeded.episodes.slice(1).map((e) => e.id);
    for (const session of sessions) {
      await app.services.wallet.credit({
        userId: session.user.uid,
        kind: 'recharge',
        amount: START_COINS,
        key: 'seed',
      });
    }
  } finally {
    await app.close();
  }
  api.push(...(await Promise.all([startApi(), startApi()])));
  nginx = await startNginx(api.map(portOf));
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  for (const server of api) await server.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Op = 'get' | 'checkin' | 'unlock';

interface Answer {
  status: number;
  code?: number;
}

interface Failure {
  at: number;
  op: Op;
  /** The HTTP status, or the connection error's code when no answer came. */
  what: string | number;
}

/** One request on the shared kept-alive connections; rejects on a connection error. */
function send(agent: Agent, base: URL, method: string, path: string, token?: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          let code: number | undefined;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: number }).code;
          } catch {
            code = undefined;
          }
          resolve({ status: res.statusCode ?? 0, code });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface LoadResult {
  /** Requests answered, by kind (5xx included). */
  count: Record<Op, number>;
  /** No answer (a connection error) or a 5xx. */
  failures: Failure[];
  /** Answers with a code the load does not expect. */
  unexpected: { op: Op; status: number; code?: number }[];
  /** `user:episode` of every unlock answered OK. */
  unlocked: Set<string>;
  /** The load hit one of its bounds before `during` was over. */
  stoppedEarly: boolean;
}

/**
 * CONNECTIONS closed-loop clients through nginx, one viewer each, until `during` is over: GET
 * /api/v1/app/config, and every POST_EVERY-th request a check-in or an unlock of the viewer's next
 * episode, in turn.
 */
async function sustainedLoad(during: (elapsed: () => number) => Promise<void>): Promise<LoadResult> {
  const base = new URL(nginx.url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const result: LoadResult = {
    count: { get: 0, checkin: 0, unlock: 0 },
    failures: [],
    unexpected: [],
    unlocked: new Set(),
    stoppedEarly: false,
  };
  let running = true;
  let sent = 0;
  const client = async (session: Session) => {
    let nextEpisode = 0;
    for (let i = 1; running; i += 1) {
      if (sent >= MAX_REQUESTS || elapsed() >= MAX_LOAD_MS) {
        result.stoppedEarly = true;
        return;
      }
      sent += 1;
      const op: Op = i % POST_EVERY !== 0 ? 'get' : (i / POST_EVERY) % 2 === 1 ? 'checkin' : 'unlock';
      const episodeId = paidEpisodeIds[nextEpisode % paidEpisodeIds.length]!;
      if (op === 'unlock') nextEpisode += 1;
      const at = elapsed();
      let answer: Answer;
      try {
        answer =
          op === 'get'
            ? await send(agent, base, 'GET', '/api/v1/app/config')
            : op === 'checkin'
              ? await send(agent, base, 'POST', '/api/v1/task/checkin', session.token, '{}')
              : await send(
                  agent,
                  base,
                  'POST',
                  '/api/v1/unlock',
                  session.token,
                  JSON.stringify({ episode_id: episodeId }),
                );
      } catch (error) {
        result.failures.push({ at, op, what: (error as NodeJS.ErrnoException).code ?? String(error) });
        continue;
      }
      result.count[op] += 1;
      if (answer.status >= 500) result.failures.push({ at, op, what: answer.status });
      else if (!EXPECTED_CODES.has(answer.code ?? -1))
        result.unexpected.push({ op, status: answer.status, code: answer.code });
      else if (op === 'unlock' && answer.code === Code.OK) result.unlocked.add(`${session.user.uid}:${episodeId}`);
    }
  };
  const stop = during(elapsed).finally(() => (running = false));
  try {
    await Promise.all([stop, ...sessions.map(client)]);
  } finally {
    agent.destroy();
  }
  return result;
}

/** Answers the load may meet: OK, and the repeats clients treat as success. */
const EXPECTED_CODES = new Set<number>([Code.OK, Code.ALREADY_DONE_TODAY, Code.ALREADY_OWNED]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a rolling restart behind nginx', () => {
  it(
    'restarts each process in turn under sustained load without failing a request',
    async () => {
      const exits: (number | null)[] = [];
      const timeline: string[] = [];
      let seconds = '';
      const load = await sustainedLoad(async (elapsed) => {
        await sleep(WARM_UP_MS);
        for (const i of [0, 1]) {
          const port = portOf(api[i]!);
          timeline.push(`SIGTERM to :${port} at ${elapsed()} ms`);
          await api[i]!.stop();
          // 0: the process ended its stop itself, within its grace (not SIGKILLed, not given up).
          exits.push(api[i]!.child.exitCode);
          timeline.push(`exited at ${elapsed()} ms`);
          api[i] = await startApi(port);
          timeline.push(`ready at ${elapsed()} ms`);
          await sleep(SETTLE_MS);
        }
        seconds = (elapsed() / 1000).toFixed(1);
      });
      const { count, failures } = load;
      const total =
        count.get + count.checkin + count.unlock + failures.filter((f) => typeof f.what === 'string').length;
      // A refused connection is the one failure nginx may meet: the request was never sent, so it
      // goes to the other process whatever its method. A request sent on a kept-alive connection
      // and cut off (a reset, a close before the answer) must never happen, even where nginx's
      // resend hides it from the client.
      const cutOff = nginx
        .errorLog()
        .split('\n')
        .filter((line) => line.includes('[error]') && !line.includes('(111: Connection refused) while connecting'));
      console.log(
        `rolling restart: ${total} requests in ${seconds} s on ${CONNECTIONS} connections through nginx ` +
          `(${count.get} GET /app/config, ${count.checkin} POST /task/checkin, ${count.unlock} POST /unlock), ` +
          `${failures.length} failed${failures.length ? `: ${JSON.stringify(failures.slice(0, 20))}` : ''}; ` +
          `${cutOff.length} cut off by a process${cutOff.length ? `:\n${cutOff.slice(0, 20).join('\n')}` : ''}\n` +
          timeline.join(', '),
      );

      expect(load.stoppedEarly, 'the load ran for the whole of both restarts').toBe(false);
      expect(exits).toEqual([0, 0]);
      expect(total).toBeGreaterThan(2_000);
      expect(count.checkin + count.unlock).toBeGreaterThan(100);
      expect(failures).toEqual([]);
      expect(load.unexpected).toEqual([]);
      expect(cutOff, 'requests cut off by a stopping process (nginx error log)').toEqual([]);

      // Each unlock was charged once, and every one answered OK is stored.
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const uids = sessions.map((s) => s.user.uid);
        const spent = await client.query<{ unlocks: string; spent: string }>(
          `select (select count(*) from episode_unlocks e where e.user_id = u.id) as unlocks,
                (select coalesce(sum(-w.amount), 0) from wallet_entries w where w.user_id = u.id and w.amount < 0) as spent
           from users u where u.id = any($1)`,
          [uids],
        );
        expect(spent.rows).toHaveLength(CONNECTIONS);
        for (const row of spent.rows) expect(Number(row.spent)).toBe(EPISODE_PRICE * Number(row.unlocks));
        const stored = await client.query<{ user_id: number; episode_id: number }>(
          'select user_id, episode_id from episode_unlocks where user_id = any($1)',
          [uids],
        );
        const keys = new Set(stored.rows.map((r) => `${r.user_id}:${r.episode_id}`));
        expect([...load.unlocked].filter((key) => !keys.has(key))).toEqual([]);
      } finally {
        await client.end();
      }
    },
    MAX_LOAD_MS + 60_000,
  );
});
