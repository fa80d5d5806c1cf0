import type { Clock } from '../../lib/clock.js';

export interface PublicAnswerCacheOptions {
  clock: Clock;
  /**
   * How long an entry lives. This is the bound on counter staleness: hits and likes move on every
   * play and like, and invalidating on each would empty the cache under exactly the load it is
   * for, so they show up within this time instead (docs/architecture.md#delivery). Catalogue changes
   * (import, demo seed) do not wait for it: they clear the cache through CatalogChanges.
   */
  ttlMs: number;
  /** Bounds memory when keys are unbounded (search terms, page numbers). */
  maxEntries: number;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

/**
 * Public, viewer-independent catalogue values kept in process memory (docs/architecture.md#delivery).
 * Concurrent misses for one key share a single computation, so a cold or just-invalidated cache under load
 * asks the database once, not once per waiting request. Never holds anything per viewer.
 */
export class PublicAnswerCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly options: PublicAnswerCacheOptions) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.options.clock().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);

    const generation = this.generation;
    const value = compute();
    this.entries.set(key, { value, expiresAt: now + this.options.ttlMs });
    // A failure must not be served from memory; the next request tries again.
    value.catch(() => {
      if (this.generation === generation && this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.evictOverflow();
    return value;
  }

  /** Forgets everything; a computation still running answers its own waiters but is not kept. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private evictOverflow(): void {
    // Map iterates in insertion order, so the first keys are the oldest fills.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) return;
      this.entries.delete(key);
    }
  }
}
