import { systemClock, type Clock } from '../../lib/clock.js';
import type { RateLimiter, RateLimitResult } from './rate-limiter.js';

/** Sweep expired windows every this many hits, so counters of one-off keys do not pile up. */
const SWEEP_EVERY = 1000;

/**
 * Counters in this process only, on the app's injectable clock so tests let a window pass without
 * sleeping. Kept by hand because rate-limiter-flexible's RateLimiterMemory reads Date.now() and
 * takes no clock (docs/decisions.md).
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private hits = 0;

  constructor(private readonly clock: Clock = systemClock) {}

  shared(): boolean {
    return false;
  }

  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.clock().getTime();
    if (++this.hits % SWEEP_EVERY === 0) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const allowed = window.count <= limit;
    return Promise.resolve({ allowed, retryAfterS: allowed ? 0 : Math.ceil((window.resetAt - now) / 1000) });
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
