import type { EdgePurger } from '../media/purge/edge-purger.js';
import type { JobData } from '../services/jobs.js';
import type { JobResult } from './jobs.js';

/**
 * One `edge-purge` job: the CDN drops the scopes it names. A failure (the CDN refused, timed out,
 * throttled) throws, so the queue tries again with its backoff; a purge repeated drops what is
 * already gone, and CloudFront knows a retry by its reference.
 */
export async function runEdgePurge(
  purger: EdgePurger,
  { scopes, reference }: JobData['edge-purge'],
  signal: AbortSignal,
): Promise<JobResult> {
  const result = await purger.purge(scopes, { reference, signal });
  return { provider: purger.provider, scopes: scopes.length, ...result };
}
