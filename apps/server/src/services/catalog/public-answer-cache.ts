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
  /**
   * The earliest scheduled release after `now`, or null. Answers are computed for a moment; one
   * computed before a release must not be served after it, in any process, and nobody publishes a
   * change when a scheduled time comes, so no entry outlives the release that follows its fill.
   */
  nextRelease: (now: Date) => Promise<Date | null>;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

/** The next release as read at some time: `at` once the read answered (Infinity: none scheduled). */
interface ReleaseRead {
  read: Promise<number>;
  at: number | undefined;
}

/**
 * Public, viewer-independent catalogue values kept in process memory (docs/architecture.md#delivery).
 * Concurrent misses for one key share a single computation, so a cold or just-invalidated cache under load
 * asks the database once, not once per waiting request. Never holds anything per viewer.
 *
 * An entry lives for the TTL, and never past the next scheduled release: the time of that release is
 * read once (an index probe) and shared by every fill until it has passed or the catalogue changed,
 * and a fill computes only after it is known, so whatever the fill did not see released yet is at
 * or after that time.
 */
export class PublicAnswerCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private release: ReleaseRead | undefined;

  constructor(private readonly options: PublicAnswerCacheOptions) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.options.clock().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);

    const generation = this.generation;
    const entry: Entry = { value: Promise.resolve(), expiresAt: now + this.options.ttlMs };
    const value = this.nextReleaseAt(now).then((releaseAt) => {
      entry.expiresAt = Math.min(entry.expiresAt, releaseAt);
      return compute();
    });
    entry.value = value;
    this.entries.set(key, entry);
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
    // A change may have scheduled, moved or withdrawn a release.
    this.release = undefined;
  }

  /**
   * The time (ms) of the first release after the last read, read again once that time has come.
   * A read still running is shared: it started no later than `now`, which is all a fill needs.
   */
  private nextReleaseAt(now: number): Promise<number> {
    const known = this.release;
    if (known && (known.at === undefined || known.at > now)) return known.read;
    const read = this.options.nextRelease(new Date(now)).then((at) => at?.getTime() ?? Infinity);
    const release: ReleaseRead = { read, at: undefined };
    this.release = release;
    read.then(
      (at) => {
        release.at = at;
      },
      () => {
        // Not kept: the fills waiting on it fail with it, and the next one reads again.
        if (this.release === release) this.release = undefined;
      },
    );
    return read;
  }

  private evictOverflow(): void {
    // Map iterates in insertion order, so the first keys are the oldest fills.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) return;
      this.entries.delete(key);
    }
  }
}
