import type { Clock } from '../lib/clock.js';

/** How long a process trusts what it read about a directory when nobody said the catalogue changed. */
const SERVED_DIR_TTL_MS = 5_000;
/** Directories remembered at once: far more than are played at any moment, a bounded few MB. */
const SERVED_DIR_MAX_ENTRIES = 20_000;

export interface ServedEpisodeDirsOptions {
  /** When the drama of the episode currently in `dir` is released; null when none is, or will be. */
  releaseOf: (dir: string) => Promise<Date | null>;
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
}

interface Entry {
  /** The release time as read (ms since epoch), or null: not served until something changes. */
  releaseAt: Promise<number | null>;
  expiresAt: number;
}

/**
 * Whether an episode directory may be served now: it is the current `media_dir` of an episode
 * of a drama released by now (docs/media.md#what-the-media-route-answers). A token minted before an
 * unpublish or a re-import stays genuine until it expires; this is what stops it opening files.
 *
 * Answers come from process memory, read at most once per directory per TTL and dropped at once
 * on "the catalogue changed" (an unpublish, a schedule, an import), so a playing episode costs
 * the database one indexed read per few seconds however many viewers ask. The release time is
 * kept rather than the yes or no, so a scheduled release is served from its very second.
 * Concurrent misses of one directory share one read; a failed read is not kept.
 */
export class ServedEpisodeDirs {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: ServedEpisodeDirsOptions) {
    this.ttlMs = options.ttlMs ?? SERVED_DIR_TTL_MS;
    this.maxEntries = options.maxEntries ?? SERVED_DIR_MAX_ENTRIES;
  }

  async isServed(dir: string): Promise<boolean> {
    const now = this.options.clock().getTime();
    const releaseAt = await this.releaseAt(dir, now);
    return releaseAt !== null && releaseAt <= now;
  }

  /** Forgets everything; a read still running answers its own waiters but is not kept. */
  clear(): void {
    this.entries.clear();
  }

  /** How many directories are remembered (tests hold the bound to it). */
  get size(): number {
    return this.entries.size;
  }

  private releaseAt(dir: string, now: number): Promise<number | null> {
    const hit = this.entries.get(dir);
    if (hit && hit.expiresAt > now) return hit.releaseAt;
    if (hit) this.entries.delete(dir);
    const releaseAt = this.options.releaseOf(dir).then((at) => at?.getTime() ?? null);
    const entry: Entry = { releaseAt, expiresAt: now + this.ttlMs };
    this.entries.set(dir, entry);
    releaseAt.catch(() => {
      if (this.entries.get(dir) === entry) this.entries.delete(dir);
    });
    // Map iterates in insertion order: the first keys are the oldest reads.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
    return releaseAt;
  }
}
