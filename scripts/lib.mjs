// Shared by start.mjs and test.mjs: the two commands a newcomer runs on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs dependencies when they are missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('• Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the web app when its sources (or the contract) are newer than the build. */
export function ensureWebBuild() {
  const built = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/web')),
    newestMtime(path.join(root, 'packages/contract/src')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('• Building the web app…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}

/** Builds the operator console when its sources (or the contract) are newer than the build. */
export function ensureConsoleBuild() {
  const built = path.join(root, 'apps/console/dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/console')),
    newestMtime(path.join(root, 'packages/contract/src')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('• Building the operator console…');
  run('npm', ['run', 'build', '-w', 'apps/console']);
}
