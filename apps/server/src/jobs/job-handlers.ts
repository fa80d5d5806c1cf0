import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { AvatarCopyService } from '../services/avatar-copy.service.js';
import type { WalletService } from '../services/wallet/wallet.service.js';
import { importAndAnnounce } from './catalog-import.job.js';
import type { JobLog } from './job-run.js';
import { type JobHandlers } from './jobs.js';
import { JOB } from '../services/jobs.js';

export interface JobHandlersDeps {
  config: Readonly<ServerConfig>;
  db: Db;
  wallet: Pick<WalletService, 'expireDue'>;
  avatarCopy: Pick<AvatarCopyService, 'copy'>;
  log: JobLog;
}

/**
 * What each queue's job does, the same wherever it runs (job-worker.ts, in-process-jobs.ts).
 * Each is safe to run twice: the queue retries a run that failed half-way, and a worker that
 * dies mid-run has its job run again after the job's expiry.
 */
export function createJobHandlers({ config, db, wallet, avatarCopy, log }: JobHandlersDeps): JobHandlers {
  return {
    // Each lot expires through one ledger entry keyed `expiry:lot:<id>` under the user's row lock.
    [JOB.coinExpiry]: async () => ({ ...(await wallet.expireDue()) }),
    // The import switches the catalogue in one transaction; a repeat of the same manifest changes nothing.
    [JOB.catalogImport]: async ({ manifest }) => {
      const summary = await importAndAnnounce(manifest, {
        config,
        db,
        warn: (message) => log.warn({ job: JOB.catalogImport, manifest }, message),
      });
      return { manifest, dramas: summary.dramas.length };
    },
    // The copy lands only while the avatar is still the provider URL it replaces.
    [JOB.avatarCopy]: async (data, { signal }) => ({ ...(await avatarCopy.copy(data, signal)) }),
  };
}
