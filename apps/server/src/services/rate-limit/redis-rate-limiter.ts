import { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult } from './rate-limiter.js';

/**
 * INCR and the window's EXPIRE in one script, so they are atomic: with INCR then EXPIRE as two
 * calls, a crash in between would leave a counter that never expires and blocks a key for good.
 * The TTL repair covers a key that somehow lost its expiry.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisRateLimiterOptions {
  url: string;
  /** Namespaces the keys, so several apps (or test runs) can share one Redis. */
  prefix?: string;
  /**
   * Counts while Redis cannot: per process, so N processes allow up to N times each limit until
   * Redis is back, but sign-in, unlocks and payments never fail because Redis did.
   */
  fallback: RateLimiter;
  /** Told when Redis is lost and when it is back (once per change, not per request). */
  onStateChange?: (shared: boolean, error?: unknown) => void;
}

/** How long the first hits wait for the first connection before counting in memory. */
const FIRST_CONNECT_WAIT_MS = 1_000;
/** A Redis that accepts connections but does not answer is as good as none. */
const COMMAND_TIMEOUT_MS = 250;

/**
 * Counters shared by every API process through Redis (docs/architecture.md#data-and-storage), in memory while
 * it is down.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;
  private sharing = true;
  private firstConnect: Promise<void> | undefined;

  constructor(private readonly options: RedisRateLimiterOptions) {
    // No offline queue: while Redis is away a hit fails at once and counts in memory instead of
    // waiting for a reconnection.
    this.redis = new Redis(options.url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    this.redis.on('error', (error: unknown) => this.lost(error));
    this.redis.on('ready', () => {
      if (this.sharing) return;
      this.sharing = true;
      this.options.onStateChange?.(true);
    });
    this.prefix = options.prefix ?? 'ch:rl:';
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    if (this.redis.status !== 'ready') await this.awaitFirstConnect();
    if (this.redis.status !== 'ready') {
      // Counting alone is said even when no error came first (a connection closed and not yet
      // retried), so that its return is said too.
      this.lost(new Error(`Redis connection ${this.redis.status}`));
      return this.options.fallback.hit(key, limit, windowSeconds);
    }
    try {
      const reply = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowSeconds)) as [number, number];
      const [count, ttl] = reply;
      const allowed = count <= limit;
      return { allowed, retryAfterS: allowed ? 0 : Math.max(ttl, 1) };
    } catch (error) {
      this.lost(error);
      return this.options.fallback.hit(key, limit, windowSeconds);
    }
  }

  shared(): boolean {
    return this.sharing && this.redis.status === 'ready';
  }

  /** At boot the first hits wait (once, briefly) for the connection; later outages do not. */
  private awaitFirstConnect(): Promise<void> {
    this.firstConnect ??= new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return this.firstConnect;
  }

  private lost(error: unknown): void {
    if (!this.sharing) return;
    this.sharing = false;
    this.options.onStateChange?.(false, error);
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end' || this.redis.status === 'wait') {
      this.redis.disconnect();
      return;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
    await this.options.fallback.close();
  }
}
