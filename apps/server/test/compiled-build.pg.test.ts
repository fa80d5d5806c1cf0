import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, startServerProcess } from '@cliffhanger/test-kit/server-process';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl, type TestDatabaseUrl } from './helpers/test-app.js';

/**
 * Production runs `npm run build`'s output with plain Node (compiled for this suite by
 * global-setup-compiled.ts): the compiled commands on PostgreSQL and the compiled server in both
 * modes.
 */
function node(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cleanups: (() => Promise<void> | void)[] = [];
let database: TestDatabaseUrl;

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function getJson(url: string): Promise<{ code: number; data: unknown }> {
  return (await (await fetch(url)).json()) as { code: number; data: unknown };
}

describe('the compiled server', () => {
  it('migrates a fresh PostgreSQL database with `npm run migrate`, then serves from it', async () => {
    database = await createTestDatabaseUrl();
    cleanups.push(() => database.drop());
    const databaseUrl = database.databaseUrl!;
    const migrated = node(['scripts/compiled.mjs', 'migrate'], { DATABASE_URL: databaseUrl });
    expect(migrated.stderr).toBe('');
    expect(migrated.stdout).toContain('Migrations applied (PostgreSQL)');
    expect(migrated.status).toBe(0);
    // Run again (every deploy runs it), it finds nothing to do.
    expect(node(['scripts/compiled.mjs', 'migrate'], { DATABASE_URL: databaseUrl }).status).toBe(0);

    const server = await startServerProcess(
      { DATABASE_URL: databaseUrl, DATA_DIR: 'memory://', DEMO_CATALOG: 'false', REDIS_URL: '' },
      { compiled: true },
    );
    cleanups.push(() => server.stop());
    expect(await getJson(`${server.url}/readyz`)).toMatchObject({ code: 200, data: { status: 'ready' } });
    expect(await getJson(`${server.url}/api/v1/home`)).toMatchObject({
      code: 200,
      data: { banners: [], recommended: [], hot: [], latest: [] },
    });
  }, 120_000);

  it('serves embedded (PGlite) with the demo catalogue', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ch-compiled-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServerProcess(
      { DATABASE_URL: '', DATA_DIR: dataDir, DEMO_CATALOG: 'true', REDIS_URL: '' },
      { compiled: true, readyWithinMs: 110_000 },
    );
    cleanups.push(() => server.stop());
    const home = (await getJson(`${server.url}/api/v1/home`)) as { code: number; data: { hot: unknown[] } };
    expect(home.code).toBe(200);
    expect(home.data.hot.length).toBeGreaterThan(0);
  }, 120_000);

  it('refuses the demo catalogue in production before it opens the database', () => {
    const refused = node(['scripts/compiled.mjs', 'migrate'], {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      DEMO_CATALOG: 'true',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('DEMO_CATALOG');
  });

  it('refuses to queue an import no process would take (JOB_RUNNER=in-process)', () => {
    const refused = node(['scripts/compiled.mjs', 'catalog', 'enqueue', 'queued.json'], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      JOB_RUNNER: 'in-process',
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('JOB_RUNNER=worker');
  });

  it('refuses to queue a manifest it cannot read, before it reaches the database', () => {
    const refused = node(['scripts/compiled.mjs', 'catalog', 'enqueue', 'no-such-manifest.json'], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      JOB_RUNNER: 'worker',
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Nothing was queued');
    expect(refused.stderr).toContain('cannot read the manifest (ENOENT)');
  });

    it('asks for a build when a compiled command is missing', () => {
    const missing = node(['scripts/compiled.mjs', 'no-such-command'], {});
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('run `npm run build` first');
  });
});
