import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** What a scrape presented: the right token, none (or not as a bearer token), or another one. */
export type MetricsAccess = 'granted' | 'missing' | 'wrong';

/**
 * The check of METRICS_TOKEN, shared by the API's /metrics and the worker's: `Authorization:
 * Bearer <token>` (what Prometheus sends for its `authorization` setting). Digests are compared,
 * so the time taken says nothing of the token. No token configured: open, as /healthz is.
 */
export function metricsGuard(token: string | undefined): (authorization: string | undefined) => MetricsAccess {
  if (token === undefined) return () => 'granted';
  const expected = sha256(token);
  return (authorization) => {
    const presented = authorization === undefined ? undefined : /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
    if (presented === undefined) return 'missing';
    return timingSafeEqual(sha256(presented), expected) ? 'granted' : 'wrong';
  };
}

/** Sent with a refusal for a missing token, so a client knows which scheme to use. */
export const METRICS_CHALLENGE = 'Bearer realm="metrics"';
