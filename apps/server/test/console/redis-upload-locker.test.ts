import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisUploadLocker } from '../../src/services/console/redis-upload-locker.js';

/**
 * The upload lock two API processes share through Redis (here two lockers, each with its own
 * connections): one holder at a time per upload, a waiting request asks the holder to let go,
 * a holder that does not is waited for until the timeout, and a holder whose lease was lost
 * cannot free the lock that another took since.
 */
// Outside CI a developer without REDIS_URL skips this with the reason in its name; CI always has it.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `ch:test-upload-lock:${randomBytes(4).toString('hex')}:`;
let first: RedisUploadLocker;
let second: RedisUploadLocker;

describe.skipIf(!process.env.REDIS_URL && process.env.CI !== 'true')(
  `RedisUploadLocker (${redisUrl}; skipped without REDIS_URL outside CI)`,
  () => {
    beforeAll(() => {
      first = new RedisUploadLocker({ url: redisUrl, prefix, acquireTimeoutMs: 400 });
      second = new RedisUploadLocker({ url: redisUrl, prefix, acquireTimeoutMs: 400 });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    const never = () => new AbortController().signal;

    it('asks the holder in the other process to let go, and takes the lock once it has', async () => {
      const held = first.newLock('upload-a');
      let asked = 0;
      await held.lock(never(), async () => {
        asked += 1;
        await held.unlock();
      });
      const next = second.newLock('upload-a');
      await next.lock(never(), () => undefined);
      expect(asked).toBe(1);
      expect(await second.redis.get(`${prefix}upload-a`)).not.toBeNull();
      // Another upload is another lock.
      const other = first.newLock('upload-b');
      await other.lock(never(), () => undefined);
      await other.unlock();
      await next.unlock();
      expect(await second.redis.get(`${prefix}upload-a`)).toBeNull();
    });

    it('waits for a holder that does not let go until the timeout (ERR_LOCK_TIMEOUT), or until the request ends', async () => {
      const held = first.newLock('upload-c');
      await held.lock(never(), () => undefined);
      const started = Date.now();
      await expect(second.newLock('upload-c').lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);

      const ended = new AbortController();
      const waiting = second.newLock('upload-c').lock(ended.signal, () => undefined);
      ended.abort();
      await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
      await held.unlock();
    });

    it('does not free a lock another request took after this one lost its lease', async () => {
      const stale = first.newLock('upload-d');
      await stale.lock(never(), () => undefined);
      await first.redis.del(`${prefix}upload-d`); // the lease ran out while this process stalled
      const current = second.newLock('upload-d');
      await current.lock(never(), () => undefined);
      await stale.unlock();
      expect(await second.redis.get(`${prefix}upload-d`)).not.toBeNull();
      await current.unlock();
    });
  },
);
