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
}

/** Counters shared by every API process through Redis (DESIGN §2). */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(options: RedisRateLimiterOptions) {
    // Fail a request quickly rather than queue it forever while Redis is down.
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 2, lazyConnect: true, enableOfflineQueue: true });
    this.prefix = options.prefix ?? 'ch:rl:';
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const reply = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowSeconds)) as [number, number];
    const [count, ttl] = reply;
    const allowed = count <= limit;
    return { allowed, retryAfterS: allowed ? 0 : Math.max(ttl, 1) };
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end' || this.redis.status === 'wait') {
      this.redis.disconnect();
      return;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
