import { cpSync, readdirSync } from 'node:fs';
import { freePort, startServerProcess, type ServerProcess } from '@cliffhanger/test-kit/server-process';
import { CONSOLE_DIST_DIR } from '@cliffhanger/test-kit/test-builds';
import { seededDataDir } from './seeded-data-dir.js';

export { freePort, repoRoot } from '@cliffhanger/test-kit/server-process';
export type RunningServer = ServerProcess;

/**
 * The real server as a newcomer runs it (the shared launcher), on its own port and data
 * directory, with the embedded defaults the browser specs expect.
 */
export async function startServer(
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    // The embedded mode, as a newcomer runs it: PGlite and in-process rate-limit counters
    // (Redis counters would outlive the run and trip the hourly caps on the next CI run).
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // House ads before every Nth episode would interrupt the playback specs at random points;
    // a spec about ads turns them back on.
    ADS_EVERY_N_EPISODES: '0',
    // The console global-setup.ts built (ensureConsoleBuild), as npm start serves it.
    CONSOLE_DIST_DIR,
    ...options.env,
  };
  startFromSeed(env);
  return startServerProcess(env, {
    port,
    stdout: 'inherit',
    // Boot imports the demo catalogue into a fresh PGlite: on a shared, busy machine that alone
    // has taken over a minute, so the wait is for readiness, with a generous ceiling.
    readyWithinMs: 150_000,
  });
}

/**
 * A new embedded world with the demo catalogue starts from a copy of the data directory the
 * suite's global set-up migrated and seeded once: what a first boot would write (the schema, the
 * demo dramas and their media), without each world spending seconds of CPU writing it again.
 * Only an empty DATA_DIR is filled, so a world restarted on its own data keeps it.
 */
function startFromSeed(env: Record<string, string>): void {
  const seed = seededDataDir();
  const dataDir = env.DATA_DIR;
  if (!seed || !dataDir || env.DATABASE_URL || env.DEMO_CATALOG === 'false') return;
  if (readdirSync(dataDir).length > 0) return;
  cpSync(seed, dataDir, { recursive: true });
}
