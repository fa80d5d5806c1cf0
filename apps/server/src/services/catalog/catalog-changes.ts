import { Redis } from 'ioredis';

/** The Redis channel every API process listens on for "the catalogue changed". */
export const CATALOG_CHANGED_CHANNEL = 'ch:catalog:changed';

/**
 * "The catalogue changed": said by whoever changed it (an import, the demo seed), heard by every
 * process that caches public catalogue answers, including the one that said it.
 */
export interface CatalogChanges {
  publish(): Promise<void>;
  subscribe(listener: () => void): void;
  close(): Promise<void>;
}

/** One process (embedded mode, tests): listeners are called at once. */
class LocalCatalogChanges implements CatalogChanges {
  protected readonly listeners: (() => void)[] = [];

  publish(): Promise<void> {
    for (const listener of this.listeners) listener();
    return Promise.resolve();
  }

  subscribe(listener: () => void): void {
    this.listeners.push(listener);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

interface RedisCatalogChangesOptions {
  url: string;
  onError?: (error: unknown) => void;
}

/**
 * Several API processes (docs/architecture.md#delivery): a change is published on a Redis channel. The local
 * listeners run before the message goes out, so this process never serves its own stale answer
 * while Redis is slow; the others hear it within a round trip. A process that misses a message
 * (Redis down) still catches up within the cache's TTL.
 */
class RedisCatalogChanges extends LocalCatalogChanges {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(options: RedisCatalogChangesOptions) {
    super();
    const onError = options.onError ?? (() => undefined);
    this.publisher = new Redis(options.url, { maxRetriesPerRequest: 2, lazyConnect: true });
    // A subscribed connection can do nothing else, hence a second one.
    this.subscriber = new Redis(options.url, { lazyConnect: true });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string) => {
      if (channel === CATALOG_CHANGED_CHANNEL) for (const listener of this.listeners) listener();
    });
    void this.subscriber.subscribe(CATALOG_CHANGED_CHANNEL).catch(onError);
  }

  override async publish(): Promise<void> {
    await super.publish();
    await this.publisher.publish(CATALOG_CHANGED_CHANNEL, String(Date.now()));
  }

  override async close(): Promise<void> {
    for (const redis of [this.subscriber, this.publisher]) {
      if (redis.status === 'end' || redis.status === 'wait') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    }
  }
}

export function createCatalogChanges(
  config: { redisUrl?: string | undefined },
  onError?: (error: unknown) => void,
): CatalogChanges {
  return config.redisUrl
    ? new RedisCatalogChanges({ url: config.redisUrl, ...(onError ? { onError } : {}) })
    : new LocalCatalogChanges();
}
