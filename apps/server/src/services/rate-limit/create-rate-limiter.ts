import type { ServerConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

export function createRateLimiter(config: Pick<ServerConfig, 'redisUrl'>, clock: Clock): RateLimiter {
  return config.redisUrl ? new RedisRateLimiter({ url: config.redisUrl }) : new MemoryRateLimiter(clock);
}
