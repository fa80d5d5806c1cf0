export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterS: number;
}

/**
 * Fixed-window counters: at most `limit` hits per `key` within `windowSeconds` of the first hit.
 * In memory for one process; Redis when several API processes must share counters (DESIGN §2).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Whether counts are shared by every process right now (Redis up), or this process's own. */
  shared(): boolean;
  close(): Promise<void>;
}
