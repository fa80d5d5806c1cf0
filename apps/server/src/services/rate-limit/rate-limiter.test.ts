import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { startRedisServer } from '@cliffhanger/test-kit/redis-server';
import { freePort } from '@cliffhanger/test-kit/server-process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** The behaviour both implementations share. */
function behavesAsRateLimiter(create: () => RateLimiter) {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = create();
  });
  afterAll(async () => {
    await limiter?.close();
  });
  const key = () => `k:${randomBytes(6).toString('hex')}`;

  it('allows `limit` hits per window, then refuses with the seconds left', async () => {
    const k = key();
    for (let i = 0; i < 3; i += 1) expect(await limiter.hit(k, 3, 3600)).toEqual({ allowed: true, retryAfterS: 0 });
    const refused = await limiter.hit(k, 3, 3600);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterS).toBeGreaterThan(3590);
    expect(refused.retryAfterS).toBeLessThanOrEqual(3600);
  });

  it('counts keys separately', async () => {
    const a = key();
    const b = key();
    await limiter.hit(a, 1, 60);
    expect((await limiter.hit(a, 1, 60)).allowed).toBe(false);
    expect((await limiter.hit(b, 1, 60)).allowed).toBe(true);
  });

  it('lets exactly `limit` of many concurrent hits through', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit(k, 10, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
}

describe('MemoryRateLimiter', () => {
  behavesAsRateLimiter(() => new MemoryRateLimiter());

  it('opens a new window once the old one has passed', async () => {
    const clock = new TestClock();
    const limiter = new MemoryRateLimiter(clock.now);
    await limiter.hit('k', 1, 60);
    clock.advance(30);
    expect(await limiter.hit('k', 1, 60)).toEqual({ allowed: false, retryAfterS: 30 });
    clock.advance(30);
    expect(await limiter.hit('k', 1, 60)).toEqual({ allowed: true, retryAfterS: 0 });
  });
});

// Outside CI a developer without REDIS_URL skips this with the reason in its name; CI always has it.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
describe.skipIf(!process.env.REDIS_URL && process.env.CI !== 'true')(
  `RedisRateLimiter (${redisUrl}; skipped without REDIS_URL outside CI)`,
  () => {
    const prefix = `test:rl:${randomBytes(6).toString('hex')}:`;
    behavesAsRateLimiter(() => new RedisRateLimiter({ url: redisUrl, prefix }));

    let redis: Redis;
    beforeAll(() => {
      redis = new Redis(redisUrl);
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('sets the window as the key expiry in the same step as the count', async () => {
      const limiter = new RedisRateLimiter({ url: redisUrl, prefix });
      try {
        await limiter.hit('expiry', 5, 120);
        expect(await redis.get(`${prefix}expiry`)).toBe('1');
        const ttl = await redis.ttl(`${prefix}expiry`);
        expect(ttl).toBeGreaterThan(100);
        expect(ttl).toBeLessThanOrEqual(120);
        // A counter that lost its expiry is repaired rather than blocking the key for good.
        await redis.persist(`${prefix}expiry`);
        await limiter.hit('expiry', 5, 120);
        expect(await redis.ttl(`${prefix}expiry`)).toBeGreaterThan(100);
      } finally {
        await limiter.close();
      }
    });

    it('shares counters between two limiters (two API processes)', async () => {
      const a = new RedisRateLimiter({ url: redisUrl, prefix });
      const b = new RedisRateLimiter({ url: redisUrl, prefix });
      try {
        expect((await a.hit('shared', 1, 60)).allowed).toBe(true);
        expect((await b.hit('shared', 1, 60)).allowed).toBe(false);
      } finally {
        await a.close();
        await b.close();
      }
    });
  },
);

describe('createRateLimiter', () => {
  it('picks Redis when REDIS_URL is set, memory otherwise', async () => {
    const { createRateLimiter } = await import('./create-rate-limiter.js');
    const clock = new TestClock();
    const memory = createRateLimiter({ redisUrl: undefined }, clock.now);
    const redis = createRateLimiter({ redisUrl: 'redis://127.0.0.1:6379' }, clock.now);
    expect(memory).toBeInstanceOf(MemoryRateLimiter);
    expect(redis).toBeInstanceOf(RedisRateLimiter);
    await memory.close();
    await redis.close();
  });
});

describe('RedisRateLimiter without Redis', () => {
  it('counts in memory when Redis cannot be reached at boot, and says so once', async () => {
    const changes: boolean[] = [];
    const limiter = new RedisRateLimiter({
      url: `redis://127.0.0.1:${await freePort()}`,
      onStateChange: (shared) => changes.push(shared),
    });
    try {
      expect((await limiter.hit('k', 2, 60)).allowed).toBe(true);
      expect((await limiter.hit('k', 2, 60)).allowed).toBe(true);
      expect(await limiter.hit('k', 2, 60)).toEqual({ allowed: false, retryAfterS: 60 });
      expect(changes).toEqual([false]);
    } finally {
      await limiter.close();
    }
  });

  it.skipIf(process.env.CI !== 'true' && !process.env.REDIS_URL)(
    'counts in memory while a connected Redis does not answer, and says so once',
    async () => {
      const port = await freePort();
      const server = await startRedisServer(port);
      const changes: boolean[] = [];
      const limiter = new RedisRateLimiter({
        url: `redis://127.0.0.1:${port}`,
        onStateChange: (shared) => changes.push(shared),
      });
      try {
        expect((await limiter.hit('up', 1, 60)).allowed).toBe(true);
        // Stopped, not killed: the connection stays open and only the hits' commands time out.
        server.kill('SIGSTOP');
        expect(await limiter.hit('paused', 1, 60)).toEqual({ allowed: true, retryAfterS: 0 });
        expect(await limiter.hit('paused', 1, 60)).toEqual({ allowed: false, retryAfterS: 60 });
        expect(changes).toEqual([false]);
        expect(limiter.shared()).toBe(false);
      } finally {
        server.kill('SIGCONT');
        await limiter.close();
        server.kill('SIGKILL');
      }
    },
    30_000,
  );

  it.skipIf(process.env.CI !== 'true' && !process.env.REDIS_URL)(
    'falls back when Redis stops, and shares counters again when it is back',
    async () => {
      const port = await freePort();
      const start = () => startRedisServer(port);
      let server = await start();
      const changes: boolean[] = [];
      const make = () =>
        new RedisRateLimiter({
          url: `redis://127.0.0.1:${port}`,
          onStateChange: (shared) => changes.push(shared),
        });
      const a = make();
      const b = make();
      try {
        expect((await a.hit('shared', 1, 60)).allowed).toBe(true);
        expect((await b.hit('shared', 1, 60)).allowed).toBe(false);

        server.kill('SIGKILL');
        await once(server, 'exit');
        // Each process now counts alone: its own first hit passes, its second does not.
        expect((await a.hit('alone', 1, 60)).allowed).toBe(true);
        expect((await b.hit('alone', 1, 60)).allowed).toBe(true);
        expect((await a.hit('alone', 1, 60)).allowed).toBe(false);

        server = await start();
        for (let i = 0; i < 100 && changes.filter((shared) => shared).length < 2; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(changes).toEqual([false, false, true, true]);
        expect((await a.hit('again', 1, 60)).allowed).toBe(true);
        expect((await b.hit('again', 1, 60)).allowed).toBe(false);
      } finally {
        await a.close();
        await b.close();
        server.kill('SIGKILL');
      }
    },
    30_000,
  );
});
