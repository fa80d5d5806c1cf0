import type PgBoss from 'pg-boss';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { createWalletServices } from '../services/wallet/wallet-services.js';
import { importAndAnnounce } from './catalog-import.job.js';
import { openBoss } from './job-queue.js';
import { JOB, type CatalogImportJobData, type JobName } from './jobs.js';

export interface JobLog {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface JobWorkerDeps {
  config: Readonly<ServerConfig>;
  db: Db;
  clock: Clock;
  log: JobLog;
}

/** A cron expression close to "every `seconds`" (cron counts whole minutes). */
export function cronEvery(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `*/${minutes} * * * *`;
  return `0 */${Math.min(23, Math.max(1, Math.round(minutes / 60)))} * * *`;
}

/**
 * The background jobs of a PostgreSQL deployment, taken from pg-boss's queues: retried with
 * backoff when they fail (job-queue.ts), each job done by one worker only (pg-boss hands a job
 * to one fetcher under a row lock), every run logged. The coin-expiry sweep is scheduled here;
 * pg-boss sends each tick once however many workers run.
 */
export async function startJobWorker(databaseUrl: string, deps: JobWorkerDeps): Promise<{ stop(): Promise<void> }> {
  const { config, db, clock, log } = deps;
  const boss = await openBoss(databaseUrl, {
    worker: true,
    poolSize: config.databasePoolSize,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const { wallet } = createWalletServices({ db, clock, config });

  const work = <T extends object>(name: JobName, handler: (data: T) => Promise<Record<string, unknown>>) =>
    boss.work<T>(name, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]: PgBoss.Job<T>[]) => {
      if (!job) return;
      const started = Date.now();
      try {
        const result = await handler(job.data);
        log.info({ job: name, id: job.id, ms: Date.now() - started, ...result }, 'job done');
      } catch (error) {
        log.error({ job: name, id: job.id, ms: Date.now() - started, err: error }, 'job failed (pg-boss retries it)');
        throw error;
      }
    });

  await work(JOB.coinExpiry, async () => ({ ...(await wallet.expireDue()) }));
  await work<CatalogImportJobData>(JOB.catalogImport, async ({ manifest }) => {
    const summary = await importAndAnnounce(manifest, {
      config,
      db,
      warn: (message) => log.info({ job: JOB.catalogImport, manifest }, message),
    });
    return { manifest, dramas: summary.dramas.length };
  });
  await boss.schedule(JOB.coinExpiry, cronEvery(config.coinExpiryIntervalS));

  return {
    // Graceful: no new jobs are fetched and running ones finish (up to the timeout).
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 30_000 }),
  };
}
