import type PgBoss from 'pg-boss';
import type { ServerConfig } from '../config.js';
import { withAfterCommit } from '../db/after-commit.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { createMediaStorage } from '../media/storage/create-media-storage.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import type { ProcessMetrics } from '../observability/metrics.js';
import { AvatarCopyService } from '../services/avatar-copy.service.js';
import { createProviderImageFetcher, type ProviderImageFetcher } from '../services/oauth/provider-image.js';
import { createWalletServices } from '../services/wallet/wallet-services.js';
import { createJobHandlers } from './job-handlers.js';
import { openBoss } from './job-queue.js';
import { runJob, type JobLog } from './job-run.js';
import { JOB_NAMES, type JobHandler } from './jobs.js';
import { JOB, type JobData, type JobName } from '../services/jobs.js';

export interface JobWorkerDeps {
  config: Readonly<ServerConfig>;
  db: Db;
  clock: Clock;
  log: JobLog;
  /** Counts job runs (and the ledger entries the jobs write) for this process's /metrics. */
  metrics: Pick<ProcessMetrics, 'jobRun' | 'ledgerEntry'>;
  /** Replaces the storage chosen by the configuration (tests share the API's). */
  media?: MediaStorage;
  /** Replaces the HTTPS download of provider pictures (tests serve their own). */
  providerImages?: ProviderImageFetcher;
}

/** A cron expression close to "every `seconds`" (cron counts whole minutes). */
export function cronEvery(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `*/${minutes} * * * *`;
  return `0 */${Math.min(23, Math.max(1, Math.round(minutes / 60)))} * * *`;
}

/**
 * The background jobs of a PostgreSQL deployment, taken from pg-boss's queues: retried with
 * backoff when they fail (jobs.ts), each job done by one worker only (pg-boss hands a job to one
 * fetcher under a row lock, and a job completes once: only from the active state), every run
 * logged and counted in `metrics`. The coin-expiry sweep is scheduled here; pg-boss sends each
 * tick once however many workers run.
 */
export async function startJobWorker(databaseUrl: string, deps: JobWorkerDeps): Promise<{ stop(): Promise<void> }> {
  const { config, clock, log, metrics } = deps;
  const boss = await openBoss(databaseUrl, {
    worker: true,
    poolSize: config.databasePoolSize,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  // Ledger entries are counted once their transaction has committed, as in the API.
  const db = withAfterCommit(deps.db, (error) => log.error({ err: error }, 'after-commit work failed'));
  const { wallet } = createWalletServices({ db, clock, config, onLedgerEntry: (kind) => metrics.ledgerEntry(kind) });
  const avatarCopy = new AvatarCopyService({
    db,
    media: deps.media ?? createMediaStorage(config),
    images: deps.providerImages ?? createProviderImageFetcher({ maxBytes: config.avatarMaxBytes }),
    log,
  });
  const handlers = createJobHandlers({ config, db, wallet, avatarCopy, log });
  // Aborted on stop: a download in progress gives up, and pg-boss retries its job later.
  const stopping = new AbortController();

  const work = <N extends JobName>(name: N, handler: JobHandler<N>) =>
    boss.work<JobData[N]>(
      name,
      { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true },
      async ([job]: PgBoss.JobWithMetadata<JobData[N]>[]) => {
        if (!job) return;
        await runJob(
          {
            name,
            id: job.id,
            retryCount: job.retryCount,
            // pg-boss retries a failed job while retry_count < retry_limit (counted before this try).
            willRetry: () => job.retryCount < job.retryLimit,
            expireInSeconds: job.expireInSeconds,
          },
          () => handler(job.data, { signal: stopping.signal }),
          { log, outcomes: metrics },
        );
      },
    );

  for (const name of JOB_NAMES) await work(name, handlers[name] as JobHandler<typeof name>);
  await boss.schedule(JOB.coinExpiry, cronEvery(config.coinExpiryIntervalS));

  return {
    stop: async () => {
      stopping.abort();
      // Graceful: no new jobs are fetched and running ones finish (up to the timeout).
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
