import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { Redis } from 'ioredis';

/** A lock not renewed for this long is free: a process that died holding one blocks its upload no longer. */
const LEASE_MS = 15_000;
const RENEW_MS = 5_000;
/** How often a waiting request tries again, and asks the holder again to let go. */
const RETRY_MS = 50;
const ASK_AGAIN_MS = 1_000;
/** As long as tus's own MemoryLocker waits before answering the request 500 (ERR_LOCK_TIMEOUT). */
const ACQUIRE_TIMEOUT_MS = 30_000;

const RELEASE_IF_OWNED = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW_IF_OWNED = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface RedisUploadLockerOptions {
  url: string;
  /** Namespaces the keys and the channel, so several apps (or test runs) can share one Redis. */
  prefix?: string;
  acquireTimeoutMs?: number;
  /** Told of a Redis failure outside a request (a renewal, a release message). */
  onError?: (error: unknown) => void;
}

/**
 * tus's lock on an upload, shared by every API process through Redis: one request at a time
 * sends to an upload, wherever it landed. tus ships only a per-process MemoryLocker. The lock is
 * a key set NX with a lease its holder renews; a request that finds it taken asks the holder, over
 * a pub/sub channel, to let go (tus then ends the older request, as MemoryLocker does within one
 * process: the newer request is the client's retry) and tries again until it gets it.
 */
export class RedisUploadLocker implements Locker {
  readonly prefix: string;
  readonly acquireTimeoutMs: number;
  readonly redis: Redis;
  private readonly subscriber: Redis;
  /** The locks this process holds, by upload id: how to ask each holder to let go. */
  readonly held = new Map<string, RequestRelease>();
  private subscribing: Promise<unknown> | undefined;

  constructor(private readonly options: RedisUploadLockerOptions) {
    this.prefix = options.prefix ?? 'ch:upload-lock:';
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
    this.redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    // A subscribed connection can do nothing else, hence a second one.
    this.subscriber = new Redis(options.url, { lazyConnect: true });
    const onError = (error: unknown) => this.reportError(error);
    this.redis.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (_channel: string, uploadId: string) => {
      const release = this.held.get(uploadId);
      if (release) Promise.resolve(release()).catch(onError);
    });
  }

  get channel(): string {
    return `${this.prefix}release`;
  }

  newLock(id: string): Lock {
    return new RedisUploadLock(this, id);
  }

  /** Subscribed before the first lock: a request to let go must not be missed. */
  listening(): Promise<unknown> {
    this.subscribing ??= this.subscriber.subscribe(this.channel).catch((error: unknown) => {
      this.subscribing = undefined;
      throw error;
    });
    return this.subscribing;
  }

  reportError(error: unknown): void {
    this.options.onError?.(error);
  }

  async close(): Promise<void> {
    for (const redis of [this.subscriber, this.redis]) {
      if (redis.status === 'wait') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    }
  }
}

class RedisUploadLock implements Lock {
  private readonly key: string;
  private readonly token = randomBytes(16).toString('hex');
  private renewal: NodeJS.Timeout | undefined;
  private release: RequestRelease | undefined;

  constructor(
    private readonly locker: RedisUploadLocker,
    private readonly id: string,
  ) {
    this.key = `${locker.prefix}${id}`;
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis } = this.locker;
    await this.locker.listening();
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let askedAt = 0;
    for (;;) {
      if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT; // eslint-disable-line @typescript-eslint/only-throw-error -- tus answers its own { status_code, body } objects
      if ((await redis.set(this.key, this.token, 'PX', LEASE_MS, 'NX')) === 'OK') break;
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await redis.publish(this.locker.channel, this.id);
      }
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT; // eslint-disable-line @typescript-eslint/only-throw-error -- as above
      await sleep(RETRY_MS, undefined, { signal: stopSignal }).catch(() => undefined);
    }
    this.release = requestRelease;
    this.locker.held.set(this.id, requestRelease);
    this.renewal = setInterval(() => void this.renew(), RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    if (this.locker.held.get(this.id) === this.release) this.locker.held.delete(this.id);
    await this.locker.redis.eval(RELEASE_IF_OWNED, 1, this.key, this.token);
  }

  /** Extends the lease; a lease already lost (Redis away longer than it) ends the request holding it. */
  private async renew(): Promise<void> {
    try {
      const renewed = await this.locker.redis.eval(RENEW_IF_OWNED, 1, this.key, this.token, String(LEASE_MS));
      if (renewed === 0) await this.release?.();
    } catch (error) {
      this.locker.reportError(error);
    }
  }
}
