import type { FastifyBaseLogger } from 'fastify';
import { WriteBehind } from '../../lib/write-behind.js';
import type { EpisodePlaysRepository, PlayRecord } from '../../repositories/episode-plays.repository.js';

export interface PlayRecorderDeps {
  plays: Pick<EpisodePlaysRepository, 'insertBatch'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** How long a play may wait before it is written; a full batch is written at once. */
  flushDelayMs?: number;
  maxBatch?: number;
}

/** Short enough that hits look live, long enough that a busy second is a handful of statements. */
const DEFAULT_FLUSH_DELAY_MS = 250;
/**
 * Embedded, the database runs on the server's one thread: a batch of 700 plays (a busy quarter
 * second) held it for about 30 ms, and every request arriving meanwhile waited that long (event
 * loop delay p99 31–34 ms, play p99 40 ms at 50 connections). Batches of 64 hold it for a few
 * milliseconds each (delay p99 13–17 ms, play p99 28 ms) for a few percent of throughput.
 */
const DEFAULT_MAX_BATCH = 64;
/** A batch that failed this often is given up (logged), so a poisoned row cannot block the rest. */
const MAX_ATTEMPTS = 3;

/**
 * Records plays without making the viewer wait (GET /episodes/:id/play): a play is kept in memory
 * and written with others in one statement (EpisodePlaysRepository.insertBatch), which adds to
 * hits only the rows the primary key accepts, so a viewer still counts once per episode and day
 * across batches and processes. A play keeps the time it was handed out, not the time it was
 * written. `flush` writes what is pending now: on close (the app awaits it before the database
 * closes) and before anything reads episode_plays (the watch task).
 */
export class PlayRecorder {
  private pending = new Map<string, PlayRecord>();
  private attempts = new Map<string, number>();
  private readonly writes: WriteBehind;
  private readonly maxBatch: number;

  constructor(private readonly deps: PlayRecorderDeps) {
    this.writes = new WriteBehind(deps.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS, () => this.writeBatch());
    this.maxBatch = deps.maxBatch ?? DEFAULT_MAX_BATCH;
  }

  record(play: PlayRecord): void {
    const key = `${play.viewerKey}\n${play.episodeId}\n${play.day}`;
    // The first play of the day is the one that counts (and the earliest, for the watch task).
    if (this.pending.has(key)) return;
    this.pending.set(key, play);
    if (this.pending.size >= this.maxBatch) void this.flush();
    else this.writes.schedule();
  }

  /** Writes every play recorded so far; resolves once they are in the database (or given up). */
  flush(): Promise<void> {
    return this.writes.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.deps.plays.insertBatch([...batch.values()]);
      for (const key of batch.keys()) this.attempts.delete(key);
    } catch (error) {
      let requeued = 0;
      for (const [key, play] of batch) {
        const attempts = (this.attempts.get(key) ?? 0) + 1;
        if (attempts >= MAX_ATTEMPTS) {
          this.attempts.delete(key);
          continue;
        }
        this.attempts.set(key, attempts);
        if (!this.pending.has(key)) this.pending.set(key, play);
        requeued += 1;
      }
      this.deps.log.error({ err: error, plays: batch.size, requeued }, 'recording plays failed');
      if (requeued > 0) this.writes.schedule();
    }
  }
}
