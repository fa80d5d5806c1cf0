import { freePort, startServerProcess, type ServerProcess } from '@cliffhanger/test-kit/server-process';

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
  return startServerProcess(
    {
      // The embedded mode, as a newcomer runs it: PGlite and in-process rate-limit counters
      // (Redis counters would outlive the run and trip the hourly caps on the next CI run).
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      // House ads before every Nth episode would interrupt the playback specs at random points;
      // a spec about ads turns them back on.
      ADS_EVERY_N_EPISODES: '0',
      ...options.env,
    },
    // Boot imports the demo catalogue into a fresh PGlite: on a shared, busy machine that alone
    // has taken over a minute, so the wait is for readiness, with a generous ceiling.
    { port, stdout: 'inherit', readyWithinMs: 150_000 },
  );
}
