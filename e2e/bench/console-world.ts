import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSOLE_API_PREFIX, CONSOLE_REQUEST_HEADER } from '@cliffhanger/contract/console';
import { createDatabase, withAdmin } from '@cliffhanger/test-kit/pg-admin';
import * as OTPAuth from 'otpauth';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.js';

/** The real server on a fresh PostgreSQL database, with one signed-in admin operator. */
export interface ConsoleWorld {
  server: RunningServer;
  databaseUrl: string;
  /** `cookie` header value of the admin's console session. */
  cookie: string;
  stop(): Promise<void>;
}

const PASSWORD = 'bench operator password';

interface Envelope<T> {
  code: number;
  data: T;
}

async function consolePost<T>(base: string, path_: string, body: unknown): Promise<{ data: T; cookie?: string }> {
  const res = await fetch(`${base}${CONSOLE_API_PREFIX}${path_}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CONSOLE_REQUEST_HEADER]: '1' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path_} answered code ${envelope.code}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ch_console='));
  return { data: envelope.data, ...(cookie ? { cookie: cookie.split(';')[0] } : {}) };
}

/**
 * Creates the first operator with the real command (as the README says), enrols it over HTTP and
 * signs it in with one of its recovery codes (the enrolment used this 30 s step's TOTP code).
 */
async function signInFirstAdmin(server: RunningServer, databaseUrl: string, dataDir: string): Promise<string> {
  const email = 'bench-admin@example.com';
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/console.ts', 'create-operator', email, '--role', 'admin'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PUBLIC_BASE_URL: server.url, LOG_LEVEL: 'warn' },
    },
  );
  const token = /token=([\w-]+)/.exec(created.stdout)?.[1];
  if (created.status !== 0 || !token) throw new Error(`create-operator failed: ${created.stdout}${created.stderr}`);
  const { data: enrolment } = await consolePost<{ uri: string }>(server.url, '/auth/enrolment/start', { token });
  const code = OTPAuth.URI.parse(enrolment.uri).generate();
  const { data: done } = await consolePost<{ recovery_codes: string[] }>(server.url, '/auth/enrolment/complete', {
    token,
    password: PASSWORD,
    code,
  });
  const { cookie } = await consolePost(server.url, '/auth/sign-in', {
    email,
    password: PASSWORD,
    code: done.recovery_codes[0],
  });
  if (!cookie) throw new Error('sign-in set no console cookie');
  return cookie;
}

/** Starts the server on a fresh database of `adminUrl`'s PostgreSQL; `seed` fills it before the server starts. */
export async function startConsoleWorld(
  adminUrl: string,
  seed: (databaseUrl: string) => Promise<void>,
): Promise<ConsoleWorld> {
  const database = await createDatabase(adminUrl, 'ch_bench_console');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ch-bench-console-'));
  const cleanup = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let server: RunningServer | undefined;
  try {
    // Migrated by a first boot, seeded, then started again so every cache starts from the seed.
    server = await startServer({ env: { DATA_DIR: dataDir, DEMO_CATALOG: 'false', DATABASE_URL: database.url } });
    await server.stop();
    await seed(database.url);
    server = await startServer({ env: { DATA_DIR: dataDir, DEMO_CATALOG: 'false', DATABASE_URL: database.url } });
    const cookie = await signInFirstAdmin(server, database.url, dataDir);
    const running = server;
    return {
      server: running,
      databaseUrl: database.url,
      cookie,
      stop: async () => {
        await running.stop();
        await cleanup();
      },
    };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await cleanup();
    throw error;
  }
}

/** 5,000 dramas of 20 episodes each (100,000 episodes), a quarter of them unpublished, with tags and hits. */
export async function seedLargeCatalogue(databaseUrl: string, dramas = 5000, episodesEach = 20): Promise<void> {
  await withAdmin(databaseUrl, async (client) => {
    await client.query(
      `INSERT INTO dramas (slug, title, synopsis, sort_title, poster, tags, hits, free_episodes, episode_price, all_price, published_at)
       SELECT 'bench-' || i,
              jsonb_build_object('en', 'Bench drama ' || i, 'zh', '剧 ' || i, 'tr', 'Dizi ' || i),
              jsonb_build_object('en', 'Synopsis ' || i),
              'bench drama ' || lpad(i::text, 5, '0'),
              'posters/bench.webp',
              jsonb_build_array(CASE i % 4 WHEN 0 THEN 'romance' WHEN 1 THEN 'revenge' WHEN 2 THEN 'ceo' ELSE 'fantasy' END),
              (i * 7919) % 100000,
              5, 30, 600,
              CASE WHEN i % 4 = 0 THEN NULL ELSE now() - (i || ' minutes')::interval END
       FROM generate_series(1, $1::int) AS i`,
      [dramas],
    );
    await client.query(
      `INSERT INTO episodes (drama_id, number, title, duration_s, media_dir)
       SELECT d.id, n, jsonb_build_object('en', 'Episode ' || n), 90, 'media/bench/' || d.id || '/' || n
       FROM dramas d CROSS JOIN generate_series(1, $1::int) AS n
       WHERE d.slug LIKE 'bench-%'`,
      [episodesEach],
    );
    await client.query('ANALYZE dramas; ANALYZE episodes');
  });
}
