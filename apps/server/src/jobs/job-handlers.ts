import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { AvatarCopyService } from '../services/avatar-copy.service.js';
import type { ChartsRefreshService } from '../services/charts/charts-refresh.service.js';
import type { EpisodeImportService } from '../services/console/episode-import.service.js';
import type { ReportRollupService } from '../services/console/reports/report-rollup.service.js';
import type { RecommendationsRefreshService } from '../services/recommendations/recommendations-refresh.service.js';
import type { PushDispatchService } from '../services/push/push-dispatch.service.js';
import type { WalletService } from '../services/wallet/wallet.service.js';
import type { EdgePurger } from '../media/purge/edge-purger.js';
import type { EdgePurges } from '../media/purge/edge-purges.js';
import { importAndAnnounce } from './catalog-import.job.js';
import { runEdgePurge } from './edge-purge.job.js';
import type { JobLog } from './job-run.js';
import { type JobHandlers } from './jobs.js';
import { JOB } from '../services/jobs.js';

export interface JobHandlersDeps {
  config: Readonly<ServerConfig>;
  db: Db;
  wallet: Pick<WalletService, 'expireDue'>;
  avatarCopy: Pick<AvatarCopyService, 'copy'>;
  charts: Pick<ChartsRefreshService, 'refresh'>;
  episodeImports: Pick<EpisodeImportService, 'run' | 'sweep'>;
  reportRollups: Pick<ReportRollupService, 'refresh'>;
  recommendations: Pick<RecommendationsRefreshService, 'refresh'>;
  push: Pick<PushDispatchService, 'notifyNewEpisode' | 'scheduleReminders' | 'deliverDue'>;
  /** The CDN told to drop media no longer served (MEDIA_CDN_PURGE). */
  edgePurger: EdgePurger;
  /** Where an import says which episode directories it retired. */
  edgePurges: Pick<EdgePurges, 'request'>;
  log: JobLog;
}

/**
 * What each queue's job does, the same wherever it runs (job-worker.ts, in-process-jobs.ts).
 * Each is safe to run twice: the queue retries a run that failed half-way, and a worker that
 * dies mid-run has its job run again after the job's expiry.
 */
export function createJobHandlers({
  config,
  db,
  wallet,
  avatarCopy,
  charts,
  episodeImports,
  reportRollups,
  recommendations,
  push,
  edgePurger,
  edgePurges,
  log,
}: JobHandlersDeps): JobHandlers {
  return {
    // Each lot expires through one ledger entry keyed `expiry:lot:<id>` under the user's row lock.
    [JOB.coinExpiry]: async () => ({ ...(await wallet.expireDue()) }),
    // Replaces every chart in one transaction under an advisory lock: a repeat or an overlap changes nothing.
    [JOB.chartsRefresh]: async () => ({ ...(await charts.refresh()) }),
    // The import switches the catalogue in one transaction; a repeat of the same manifest changes nothing.
    [JOB.catalogImport]: async ({ manifest }) => {
      const summary = await importAndAnnounce(manifest, {
        config,
        db,
        warn: (message) => log.warn({ job: JOB.catalogImport, manifest }, message),
        push,
        edgePurges,
      });
      return { manifest, dramas: summary.dramas.length };
    },
    // The copy lands only while the avatar is still the provider URL it replaces.
    [JOB.avatarCopy]: async (data, { signal }) => ({ ...(await avatarCopy.copy(data, signal)) }),
    // A run claims its import first: a repeat of a job whose import is taken or finished does nothing.
    [JOB.episodeImport]: async ({ importId }) => ({ ...(await episodeImports.run(importId)) }),
    [JOB.episodeUploadSweep]: async () => ({ ...(await episodeImports.sweep()) }),
    // Recomputes whole recent days under an advisory lock: a repeat or an overlap changes nothing.
    [JOB.reportsRefresh]: async () => ({ ...(await reportRollups.refresh()) }),
    // One delivery per (event, device), claimed before it is sent: a repeat notifies nobody twice.
    [JOB.pushNewEpisode]: async ({ episodeId }, { signal }) => {
      const fanOut = await push.notifyNewEpisode(episodeId);
      return { episodeId, ...fanOut, ...(await push.deliverDue(signal)) };
    },
    [JOB.pushReminders]: async (_data, { signal }) => ({
      ...(await push.scheduleReminders()),
      ...(await push.deliverDue(signal)),
    }),
    // Replaces both tables in one transaction under an advisory lock: a repeat or an overlap changes nothing.
    [JOB.recommendationsRefresh]: async () => ({ ...(await recommendations.refresh()) }),
    // A purge repeated drops what is already gone; CloudFront knows a retry by its reference.
    [JOB.edgePurge]: (data, { signal }) => runEdgePurge(edgePurger, data, signal),
  };
}
