import type PgBoss from 'pg-boss';
import type { ServerConfig } from '../config.js';
import { withAfterCommit } from '../db/after-commit.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { CHARTS_REFRESH_INTERVAL_S, ChartsRefreshService } from '../services/charts/charts-refresh.service.js';
import { createEdgePurger } from '../media/purge/create-edge-purger.js';
import type { EdgePurger } from '../media/purge/edge-purger.js';
import { EdgePurges } from '../media/purge/edge-purges.js';
import { createMediaStorage } from '../media/storage/create-media-storage.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import type { ProcessMetrics } from '../observability/metrics.js';
import { AvatarCopyService } from '../services/avatar-copy.service.js';
import { createFfmpegTools } from '../catalog-import/media-tools.js';
import { createCatalogChanges } from '../services/catalog/catalog-changes.js';
import { EPISODE_UPLOAD_SWEEP_INTERVAL_S, EpisodeImportService } from '../services/console/episode-import.service.js';
import { REPORTS_REFRESH_INTERVAL_S, ReportRollupService } from '../services/console/reports/report-rollup.service.js';
import { PUSH_REMINDERS_INTERVAL_S } from '../services/push/push-dispatch.service.js';
import { createPushServices } from '../services/push/push-services.js';
import {
  RECOMMENDATIONS_REFRESH_INTERVAL_S,
  RecommendationsRefreshService,
} from '../services/recommendations/recommendations-refresh.service.js';
import { UploadStaging } from '../services/console/upload-staging.js';
import { createProviderImageFetcher, type ProviderImageFetcher } from '../services/oauth/provider-image.js';
import { createWalletServices } from '../services/wallet/wallet-services.js';
import { createJobHandlers } from './job-handlers.js';
import { openBoss } from './job-queue.js';
import { runJob, type JobLog } from './job-run.js';
import { JOB_NAMES, type JobHandler } from './jobs.js';
import { JOB, type JobData, type JobName, type JobSender } from '../services/jobs.js';

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
  /** Replaces the CDN adapter MEDIA_CDN_PURGE chooses (tests give credentials of their own). */
  edgePurger?: EdgePurger;
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
  const media = deps.media ?? createMediaStorage(config);
  const avatarCopy = new AvatarCopyService({
    db,
    media,
    images: deps.providerImages ?? createProviderImageFetcher({ maxBytes: config.avatarMaxBytes }),
    log,
  });
  const catalogChanges = createCatalogChanges(config, (error) => log.warn({ err: error }, 'catalogue change channel'));
  // What this worker's jobs queue in turn (a stalled import's new run, a CDN purge) goes to its own queue.
  const jobs: JobSender = {
    async send(name, data) {
      if ((await boss.send(name, data)) === null) throw new Error(`${name} was not queued`);
    },
  };
  const edgePurges = new EdgePurges({ jobs, enabled: config.mediaCdnPurge.provider !== 'none', log });
  const episodeImports = new EpisodeImportService({
    db,
    clock,
    media,
    tools: createFfmpegTools({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
    jobs,
    edgePurges,
    catalogChanges,
    staging: UploadStaging.forConfig(config),
    log,
  });
  const reportRollups = new ReportRollupService({ db, clock, timeZone: config.rewards.timeZone });
  const recommendations = new RecommendationsRefreshService({ db, clock });
  const push = createPushServices({ db, clock, config }).dispatch;
  const handlers = createJobHandlers({
    config,
    db,
    wallet,
    avatarCopy,
    charts: new ChartsRefreshService({ db, clock }),
    episodeImports,
    reportRollups,
    recommendations,
    push,
    edgePurger: deps.edgePurger ?? createEdgePurger(config.mediaCdnPurge),
    edgePurges,
    log,
  });
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
  await boss.schedule(JOB.chartsRefresh, cronEvery(CHARTS_REFRESH_INTERVAL_S));
  // Counted as the worker starts too, not only at the first tick of the schedule.
  await boss.send(JOB.chartsRefresh, {});
  await boss.schedule(JOB.episodeUploadSweep, cronEvery(EPISODE_UPLOAD_SWEEP_INTERVAL_S));
  await boss.schedule(JOB.reportsRefresh, cronEvery(REPORTS_REFRESH_INTERVAL_S));
  await boss.schedule(JOB.pushReminders, cronEvery(PUSH_REMINDERS_INTERVAL_S));
  await boss.schedule(JOB.recommendationsRefresh, cronEvery(RECOMMENDATIONS_REFRESH_INTERVAL_S));
  // Computed as the worker starts too, not only at the schedule's first tick.
  await boss.send(JOB.recommendationsRefresh, {});

  return {
    stop: async () => {
      stopping.abort();
      // Graceful: no new jobs are fetched and running ones finish (up to the timeout).
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      await catalogChanges.close();
      await push.close();
      episodeImports.staging.close();
    },
  };
}
