import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './server-process.js';

/**
 * The builds a test run needs, each made at most once per run: the suites' global set-ups all run
 * in Vitest's main process, one after another, so a mark in its environment says what this run
 * has already built (e2e and the mobile check share the web build; the compiled-server tests
 * the server build).
 */
function once(mark: string, build: () => void): void {
  if (process.env[mark] === '1') return;
  build();
  process.env[mark] = '1';
}

function run(command: string, args: string[], env: Record<string, string>): void {
  const done = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 300_000,
  });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${done.status}):\n${done.stderr}`);
}

/**
 * `npm run build -w apps/web`: the production build `npm start` serves. Vitest sets
 * NODE_ENV=test, so production is set here; brotli-11 and Zopfli are left to `npm run build`
 * (WEB_PRECOMPRESS in apps/web/vite.config.ts).
 */
export function ensureWebBuild(): void {
  once('CLIFFHANGER_TEST_WEB_BUILT', () =>
    run('npm', ['run', 'build', '-w', 'apps/web'], { NODE_ENV: 'production', WEB_PRECOMPRESS: 'fast' }),
  );
}

/** Where `npm run build -w apps/console` writes the operator console (the server's CONSOLE_DIST_DIR). */
export const CONSOLE_DIST_DIR = path.join(repoRoot, 'apps/console/dist');

/** `npm run build -w apps/console`: the operator console the e2e worlds serve under /console/. */
export function ensureConsoleBuild(): string {
  once('CLIFFHANGER_TEST_CONSOLE_BUILT', () =>
    run('npm', ['run', 'build', '-w', 'apps/console'], { NODE_ENV: 'production' }),
  );
  return CONSOLE_DIST_DIR;
}

/** `npm run build:server`: the compiled server production runs (apps/server/dist). */
export function ensureServerBuild(): void {
  once('CLIFFHANGER_TEST_SERVER_BUILT', () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (built.status !== 0 || built.stderr !== '') {
      throw new Error(`npm run build:server failed (exit ${built.status}):\n${built.stderr}`);
    }
  });
}
