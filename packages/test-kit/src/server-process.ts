import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, transactions in flight die with the process. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (SIGKILL after 10 s, so a hung shutdown cannot hang the suite). */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Default: a free one. */
  port?: number;
  /** The server's own output: shown (e2e) or dropped (the server's tests). */
  stdout?: 'inherit' | 'ignore';
  /** How long boot may take; a fresh PGlite importing the demo catalogue on a busy machine is slow. */
  readyWithinMs?: number;
  /** Run the compiled server (`node apps/server/dist/main.js`, after `npm run build`) as production does. */
  compiled?: boolean;
  /** Where it runs (default: the checkout), e.g. a copy of what an image holds. */
  cwd?: string;
}

/**
 * The real server, started exactly as `npm start` starts it (`tsx apps/server/src/main.ts`), with
 * `env` over this process's environment, on 127.0.0.1; resolves once /readyz answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const entry = options.compiled ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within ${readyWithinMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = once(child, 'exit');
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    child,
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `npm run wallet -- <args>` as an operator runs it (tsx, the server's environment). */
export function runWalletCli(
  args: string[],
  env: Record<string, string>,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/wallet.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
