import { randomUUID } from 'node:crypto';
import { JOB, type JobSender } from '../../services/jobs.js';
import { isPurgeScope } from './purge-scope.js';

export interface EdgePurgesDeps {
  /** Where the purge job goes (this process or the worker, by JOB_RUNNER). */
  jobs: JobSender;
  /** False with MEDIA_CDN_PURGE=none: there is no CDN to tell, so no job is queued. */
  enabled: boolean;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

/**
 * Where the services say that media stopped being served, once the change has committed: the
 * CDN is told to drop it by an `edge-purge` job, retried with backoff while the CDN fails. Best
 * effort, as deleting the files is: a purge that could not be queued is logged, never undoes the
 * change. (The origin refuses such directories from the commit on; the purge empties the caches.)
 */
export class EdgePurges {
  constructor(private readonly deps: EdgePurgesDeps) {}

  /** Episode directories (`episodes/<slug>/<dir>`) or whole dramas (`episodes/<slug>`, dramaScope). */
  async request(scopes: Iterable<string>): Promise<void> {
    const unique = [...new Set(scopes)].filter((scope) => scope !== '');
    const malformed = unique.filter((scope) => !isPurgeScope(scope));
    if (malformed.length > 0) throw new RangeError(`not purge scopes: ${JSON.stringify(malformed)}`);
    if (!this.deps.enabled || unique.length === 0) return;
    try {
      await this.deps.jobs.send(JOB.edgePurge, { scopes: unique, reference: randomUUID() });
    } catch (error) {
      this.deps.log.warn({ err: error, scopes: unique }, 'CDN purge was not queued: purge these by hand (docs/cdn.md)');
    }
  }
}
