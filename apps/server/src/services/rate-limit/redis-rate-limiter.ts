import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiter, RateLimitResult } from './rate-limiter.js';

export interface RedisRateLimiterOptions {
  url: string;
  /** Namespaces the keys, so several apps (or test runs) can share one Redis. */
  prefix?: string;
  /** Told when Redis is lost and when it is back (once per change, not per request). */
  onStateChange?: (shared: boolean, error?: unknown) => void;
}

/** How long the first hits wait for the first connection before counting in memory. */
const FIRST_CONNECT_WAIT_MS = 1_000;
/** A Redis that accepts connections but does not answer is as good as none. */
const COMMAND_TIMEOUT_MS = 250;

/**
 * The library's in-memory limiter, standing in while Redis cannot count: per process, so N
 * processes allow up to N times each limit until Redis is back, but sign-in, unlocks and payments
 * never fail because Redis did. The library calls it only after a Redis command failed, which is
 * how the switch gets reported.
 */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: { points: number; duration: number },
    private readonly onUse: () => void,
  ) {
    super({ ...options, keyPrefix: '' });
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(...args);
  }
}

/**
 * Counters shared by every API process through Redis (docs/architecture.md#data-and-storage), in
 * memory while it is down: rate-limiter-flexible's RateLimiterRedis (one Lua script counts and sets
 * the window's expiry atomically, repairing a key that lost it) with a RateLimiterMemory as its
 * insurance.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;
  /** The library's limiters have fixed points and duration: one per (limit, window) in use. */
  private readonly limiters = new Map<string, RateLimiterRedis>();
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
    }
    try {
      await this.limiterFor(limit, windowSeconds).consume(this.prefix + key);
      return { allowed: true, retryAfterS: 0 };
    } catch (rejection) {
      // A RateLimiterRes is the refusal; anything else is an error the insurance could not absorb.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, retryAfterS: Math.max(Math.ceil(rejection.msBeforeNext / 1000), 1) };
    }
  }

  shared(): boolean {
    return this.sharing && this.redis.status === 'ready';
  }

  private limiterFor(limit: number, windowSeconds: number): RateLimiterRedis {
    const id = `${limit}/${windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const window = { points: limit, duration: windowSeconds };
      limiter = new RateLimiterRedis({
        ...window,
        storeClient: this.redis,
        // The keys are built here (`prefix + key`, as `ch:rl:sms:phone:…`): each call site's key
        // names its own limit, and the library would otherwise add `:` after its own prefix.
        keyPrefix: '',
        // A hit while disconnected goes to the insurance at once rather than to a failing command.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new InsuranceLimiter(window, () => this.lost(new Error('Redis did not count the hit'))),
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
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
    this.limiters.clear();
    if (this.redis.status === 'end' || this.redis.status === 'wait') {
      this.redis.disconnect();
      return;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
