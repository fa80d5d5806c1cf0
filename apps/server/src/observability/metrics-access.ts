import { createHash, timingSafeEqual } from 'node:crypto';
import { Code } from '@cliffhanger/contract';
import { AppError } from '../http/envelope.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The check of METRICS_TOKEN, shared by the API's /metrics and the worker's: `Authorization:
 * Bearer <token>` (what Prometheus sends for its `authorization` setting). Digests are compared,
 * so the time taken says nothing of the token. Answers the refusal of a scrape without the right
 * token, undefined when it may read; no token configured: open, as /healthz is.
 */
export function metricsGuard(token: string | undefined): (authorization: string | undefined) => AppError | undefined {
  if (token === undefined) return () => undefined;
  const expected = sha256(token);
  return (authorization) => {
    const presented = authorization === undefined ? undefined : /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
    if (presented === undefined) return new AppError(Code.NOT_SIGNED_IN, 'Metrics need a bearer token');
    return timingSafeEqual(sha256(presented), expected)
      ? undefined
      : new AppError(Code.FORBIDDEN, 'Metrics token invalid');
  };
}

/** Sent with the refusal of a missing token (NOT_SIGNED_IN), so a client knows which scheme to use. */
export const METRICS_CHALLENGE = 'Bearer realm="metrics"';
