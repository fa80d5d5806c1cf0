/**
 * Tells a CDN to drop what it cached under some purge scopes (purge-scope.ts). One adapter per
 * CDN (create-edge-purger.ts picks it from MEDIA_CDN_PURGE); each is safe to call again with the
 * same request, since the job that calls it is retried after a failure.
 */
export interface EdgePurger {
  readonly provider: 'none' | 'cloudfront' | 'cloudflare' | 'fastly';
  purge(scopes: readonly string[], options: EdgePurgeOptions): Promise<EdgePurgeResult>;
}

export interface EdgePurgeOptions {
  /**
   * Names this request across its retries (a job's own id for it): CloudFront takes it as the
   * invalidation's caller reference, so a retry after a lost answer does not invalidate twice.
   */
  reference: string;
  /** Aborted when the process stops: a request in flight gives up, and the job is retried later. */
  signal: AbortSignal;
}

export interface EdgePurgeResult {
  /** Requests the CDN accepted. */
  requests: number;
  /** The CDN's ids of them (invalidation or purge ids), for the job's log line. */
  ids: string[];
}

/** The CDN refused or failed a purge: the job fails and is retried. */
export class EdgePurgeError extends Error {
  override readonly name = 'EdgePurgeError';
  constructor(
    readonly provider: EdgePurger['provider'],
    readonly status: number,
    detail: string,
  ) {
    super(`${provider} purge failed (${status}): ${detail}`);
  }
}

/** A CDN answer cut to a length fit for a log line. */
export function answerExcerpt(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** MEDIA_CDN_PURGE=none: nothing to tell. */
export const noEdgePurger: EdgePurger = {
  provider: 'none',
  purge: () => Promise.resolve({ requests: 0, ids: [] }),
};
