import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths.js';
import { createTestDatabaseUrl, type TestDatabaseUrl } from './helpers/test-app.js';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm start` without npm: the same entry point, run by tsx from apps/server. */
function startServer(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<Exit>;
  output: () => string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    // Only what the test chooses: a developer's DATABASE_URL or PORT must not leak in.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, exited, output: () => stdout };
}

describe('main.ts', () => {
  it('refuses to boot with an invalid setting and names each bad variable', async () => {
    const { exited } = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud', DATA_DIR: 'memory://' });
    const exit = await exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('Invalid configuration');
    expect(exit.stderr).toMatch(/PORT: /);
    expect(exit.stderr).toMatch(/LOG_LEVEL: /);
    expect(exit.stdout).not.toContain('listening');
  });

  it('closes its embedded database when the port is taken, so the next start finds it shut down cleanly', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(join(tmpdir(), 'cliffhanger-main-'));
    try {
      const { exited } = startServer({
        PORT: String((taken.address() as AddressInfo).port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DEMO_CATALOG: 'false',
        WEB_DIST_DIR: '/nonexistent/dist',
      });
      const exit = await exited;
      expect(exit.code).toBe(1);
      expect(exit.stderr).toContain('EADDRINUSE');
      // The database was created (migrated) before the listen failed…
      expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      // …and shut down: PostgreSQL removes its lock file only on a clean shutdown.
      expect(existsSync(join(dataDir, 'db', 'postmaster.pid'))).toBe(false);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('with a valid environment', () => {
    let target: TestDatabaseUrl;
    beforeAll(async () => {
      target = await createTestDatabaseUrl();
    });
    afterAll(async () => {
      await target?.drop();
    });

    it('prints the URL it listens on, serves, and exits 0 on SIGTERM', async () => {
      const server = startServer({
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        WEB_DIST_DIR: '/nonexistent/dist',
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          server.child.stdout?.on('data', () => {
            const match = /Cliffhanger listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(server.output());
            if (match?.[1]) resolve(match[1]);
          });
          void server.exited.then((exit) => reject(new Error(`server exited early (${exit.code}): ${exit.stderr}`)));
        });
        const res = await fetch(`${url}/readyz`);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ code: 200, data: { status: 'ready', database: true } });
        // The stop waits for fetch's kept-alive connection to end (undici closes it after 4 s idle).
        server.child.kill('SIGTERM');
        const exit = await server.exited;
        expect(exit.code).toBe(0);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    }, 60_000);

    it('with CONSOLE_PORT, serves the console on its own listener and nothing of it on the main one', async () => {
      const server = startServer({
        PORT: '0',
        HOST: '127.0.0.1',
        CONSOLE_PORT: '0',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        DEMO_CATALOG: 'false',
        WEB_DIST_DIR: '/nonexistent/dist',
        CONSOLE_DIST_DIR: '/nonexistent/console-dist',
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      });
      try {
        const [main, operators] = await new Promise<[string, string]>((resolve, reject) => {
          server.child.stdout?.on('data', () => {
            const mainUrl = /Cliffhanger listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(server.output())?.[1];
            const consoleUrl = /Cliffhanger console listening on (http:\/\/127\.0\.0\.1:\d+)\/console\/\n/.exec(
              server.output(),
            )?.[1];
            if (mainUrl && consoleUrl) resolve([mainUrl, consoleUrl]);
          });
          void server.exited.then((exit) => reject(new Error(`server exited early (${exit.code}): ${exit.stderr}`)));
        });
        expect(operators).not.toBe(main);
        // CONSOLE_HOST's default: only this machine.
        expect(operators).toMatch(/^http:\/\/127\.0\.0\.1:/);

        const me = await fetch(`${operators}/console/api/v1/me`);
        expect(await me.json()).toMatchObject({ code: 10027 });
        expect((await fetch(`${operators}/readyz`)).status).toBe(404);
        expect((await fetch(`${main}/console/api/v1/me`)).status).toBe(404);
        expect((await fetch(`${main}/readyz`)).status).toBe(200);

        server.child.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    }, 120_000);
  });
});
