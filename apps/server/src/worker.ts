import { fail, loadConfigOrExit, runMain } from './config.js';
import { createDatabase } from './db/create-database.js';
import type { JobLog } from './jobs/job-run.js';
import { startJobWorker } from './jobs/job-worker.js';
import { startWorkerHttp } from './jobs/worker-http.js';
import { offsetClock, systemClock } from './lib/clock.js';
import { ProcessMetrics } from './observability/metrics.js';

/**
 * `npm run worker`: the background jobs of a PostgreSQL deployment (coin expiry, copies of
 * sign-in providers' pictures, queued catalogue imports), beside the API processes, with the same
 * configuration. Run the API processes with JOB_RUNNER=worker so they only queue jobs. In
 * embedded mode the server runs them itself. Its job runs are counted here, so it answers its
 * own GET /metrics (and /healthz) on WORKER_METRICS_PORT.
 */

/** One JSON line per event, as the API's own log (pino's level numbers). */
const line = (level: number, fields: Record<string, unknown>, msg: string) => {
  const err = fields.err instanceof Error ? { message: fields.err.message, stack: fields.err.stack } : fields.err;
  process.stdout.write(
    `${JSON.stringify({ level, time: Date.now(), ...fields, ...(err === undefined ? {} : { err }), msg })}\n`,
  );
};
const log: JobLog = {
  info: (fields, msg) => line(30, fields, msg),
  warn: (fields, msg) => line(40, fields, msg),
  error: (fields, msg) => line(50, fields, msg),
};

async function main(): Promise<void> {
  const config = loadConfigOrExit(2);
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl) fail('npm run worker needs DATABASE_URL: in embedded mode the server runs its jobs itself.', 2);
  const metrics = new ProcessMetrics();
  const database = await createDatabase({
    databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    limits: config.databaseLimits,
    connectWaitMs: config.databaseConnectWaitS * 1000,
    onConnectionError: (err) => log.warn({ err }, 'database connection failed'),
  });
  await database.migrate();
  const worker = await startJobWorker(databaseUrl, {
    config,
    db: database.db,
    clock: offsetClock(systemClock, config.clockOffsetS),
    log,
    metrics,
  });
  const http = await startWorkerHttp({
    host: config.host,
    port: config.workerMetricsPort,
    metricsToken: config.metricsToken,
    metrics,
  });
  log.info({ metrics: `http://${config.host}:${http.port}/metrics` }, 'worker started');
  const stop = async (signal: string) => {
    log.info({ signal }, 'worker stopping: finishing running jobs');
    await worker.stop();
    await http.close();
    await database.close();
    log.info({}, 'worker stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

runMain(main, 'Worker failed: ', 1);
