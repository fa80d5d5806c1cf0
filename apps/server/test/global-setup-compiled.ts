import { spawnSync } from 'node:child_process';
import { repoRoot } from '@cliffhanger/test-kit/server-process';

/**
 * Compiles the server once before the PostgreSQL suite, whose multi-process tests run the
 * compiled build as production does. Once, because test files run in parallel and a build
 * rewrites apps/server/dist.
 */
export default function setup(): void {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (built.status !== 0 || built.stderr !== '') {
    throw new Error(`npm run build:server failed (exit ${built.status}):\n${built.stderr}`);
  }
}
