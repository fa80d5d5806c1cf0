import type { ServerConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/**
 * Redis's shared counters when configured (in memory while it is down, on Redis's time), else this
 * process's counters on the app's clock.
 */
export function createRateLimiter(
  config: Pick<ServerConfig, 'redisUrl'>,
  clock: Clock,
  onStateChange?: (shared: boolean, error?: unknown) => void,
): RateLimiter {
  if (!config.redisUrl) return new MemoryRateLimiter(clock);
  return new RedisRateLimiter({ url: config.redisUrl, ...(onStateChange ? { onStateChange } : {}) });
}
