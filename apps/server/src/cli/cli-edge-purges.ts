import type { ServerConfig } from '../config.js';
import { openJobSender } from '../jobs/job-queue.js';
import { createEdgePurger } from '../media/purge/create-edge-purger.js';
import { EdgePurges } from '../media/purge/edge-purges.js';
import { JOB, type JobData, type JobName, type JobSender } from '../services/jobs.js';

/** How long the command waits for the CDN's answer when it purges itself. */
const DIRECT_PURGE_TIMEOUT_MS = 60_000;

const warn = (fields: Record<string, unknown>, message: string) =>
  process.stderr.write(`warning: ${message}: ${JSON.stringify(fields.scopes)} (${String(fields.err)})\n`);

/**
 * The purges of a catalogue command. With JOB_RUNNER=worker they are queued for the worker, which
 * retries them; otherwise no process of this command lives on to retry, so the command sends the
 * purge itself, once, and says what to purge by hand when the CDN refuses.
 */
export async function cliEdgePurges(
  config: Readonly<ServerConfig>,
): Promise<{ edgePurges: EdgePurges; close(): Promise<void> }> {
  const enabled = config.mediaCdnPurge.provider !== 'none';
  if (enabled && config.jobRunner === 'worker' && config.databaseUrl) {
    const sender = await openJobSender(config.databaseUrl, (error) => warn({}, `job queue: ${error.message}`));
    return { edgePurges: new EdgePurges({ jobs: sender, enabled, log: { warn } }), close: () => sender.close() };
  }
  const purger = createEdgePurger(config.mediaCdnPurge);
  const now: JobSender = {
    async send<N extends JobName>(name: N, data: JobData[N]): Promise<void> {
      if (name !== JOB.edgePurge) throw new Error(`${name} cannot run from the command line`);
      const { scopes, reference } = data as JobData[typeof JOB.edgePurge];
      await purger.purge(scopes, { reference, signal: AbortSignal.timeout(DIRECT_PURGE_TIMEOUT_MS) });
    },
  };
  return { edgePurges: new EdgePurges({ jobs: now, enabled, log: { warn } }), close: () => Promise.resolve() };
}
