import type { ServerConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** Redis's shared counters when configured (in memory while it is down), else in memory. */
export function createRateLimiter(
  config: Pick<ServerConfig, 'redisUrl'>,
  clock: Clock,
  onStateChange?: (shared: boolean, error?: unknown) => void,
): RateLimiter {
  const memory = new MemoryRateLimiter(clock);
  if (!config.redisUrl) return memory;
  return new RedisRateLimiter({ url: config.redisUrl, fallback: memory, ...(onStateChange ? { onStateChange } : {}) });
}
