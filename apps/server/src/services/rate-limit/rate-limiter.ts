import { Code } from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterS: number;
}

/**
 * Fixed-window counters: at most `limit` hits per `key` within `windowSeconds` of the first hit.
 * In memory for one process; Redis (rate-limiter-flexible) when several API processes must share
 * counters (docs/architecture.md#data-and-storage).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Whether counts are shared by every process right now (Redis up), or this process's own. */
  shared(): boolean;
  close(): Promise<void>;
}

/** Code.TOO_MANY_REQUESTS (HTTP 429), telling the client when to try again. */
export function tooManyRequests(retryAfterS: number): AppError {
  return new AppError(Code.TOO_MANY_REQUESTS, 'Too many requests', { retry_after_s: retryAfterS });
}

/** Counts a hit on `key`; past the limit, refuses the request with `tooManyRequests`. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const result = await limiter.hit(key, limit, windowSeconds);
  if (!result.allowed) throw tooManyRequests(result.retryAfterS);
}
