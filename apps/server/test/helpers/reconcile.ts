import { spawnSync } from 'node:child_process';
import { repoRoot } from '@cliffhanger/test-kit/server-process';

/**
 * `npm run wallet -- reconcile` as production runs it (the compiled CLI, `npm run build`'s server)
 * on the database `env` names: every balance against its ledger, exit 1 on a difference.
 */
export function reconcileLedger(env: Record<string, string>): { status: number | null; out: string } {
  const result = spawnSync(process.execPath, ['scripts/compiled.mjs', 'wallet', 'reconcile'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}
