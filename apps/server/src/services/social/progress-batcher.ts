import type { FastifyBaseLogger } from 'fastify';
import { WriteBehind } from '../../lib/write-behind.js';
import type { ProgressSave } from '../../repositories/history.repository.js';

export interface ProgressBatcherDeps {
  history: { upsertBatch(saves: readonly ProgressSave[]): Promise<unknown> };
  log: Pick<FastifyBaseLogger, 'error'>;
  /** How long an accepted save may wait before it is written. */
  flushDelayMs?: number;
  /** Pending saves that make a batch go out at once instead of at the next tick. */
  maxPending?: number;
}

/**
 * A second: the web saves every 5 s, so a viewer's saves rarely meet in one batch, but every
 * viewer's save of that second shares one statement and one commit; and another process shows
 * a position at most about this old.
 */
const DEFAULT_FLUSH_DELAY_MS = 1000;
/**
 * At the capacity plan's peak a process accepts some 150 saves a second, so a second's saves fit
 * one batch; a busier process writes more often rather than building a longer statement (embedded,
 * the database runs on the server's own thread and holds it for the whole statement).
 */
const DEFAULT_MAX_PENDING = 256;
/** A save is written on its first try or on the next tick's; then it is dropped (progress, not money). */
const MAX_ATTEMPTS = 2;

interface Pending {
  save: ProgressSave;
  attempts: number;
}

const keyOf = (userId: number, dramaId: number) => `${userId}\n${dramaId}`;

/**
 * Watch progress (PUT /history) accepted but not yet written. The service validates a save and
 * answers at once; the row is written here with the others of the same second in one multi-row
 * upsert (HistoryRepository.upsertBatch). watch_history keeps one row per viewer and drama, so
 * saves are gathered by that key and the last one accepted wins, as it would row by row.
 *
 * Readers on this process see pending saves (read-your-writes): a play and a drama page take the
 * resume position from `pendingIn`, and GET /history flushes first when the viewer has one
 * pending. Other processes see a save once its batch is written, about a second later. `flush`
 * writes what is pending now; the app awaits it on close, before the database closes.
 */
export class ProgressBatcher {
  private pending = new Map<string, Pending>();
  /** The batch being written: still this process's newest positions until it is committed. */
  private writingBatch = new Map<string, Pending>();
  private readonly writes: WriteBehind;
  private readonly maxPending: number;

  constructor(private readonly deps: ProgressBatcherDeps) {
    this.writes = new WriteBehind(deps.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS, () => this.writeBatch());
    this.maxPending = deps.maxPending ?? DEFAULT_MAX_PENDING;
  }

  /** Queues an accepted save; it replaces a pending one of the same viewer and drama. */
  add(save: ProgressSave): void {
    const key = keyOf(save.userId, save.dramaId);
    // Deleted and set again, so the map keeps its keys in the order of their latest save.
    this.pending.delete(key);
    this.pending.set(key, { save, attempts: 0 });
    if (this.pending.size >= this.maxPending) void this.flush();
    else this.writes.schedule();
  }

  /** The viewer's newest position in the drama accepted on this process and not yet written. */
  pendingIn(userId: number, dramaId: number): { episodeId: number; positionS: number } | undefined {
    const key = keyOf(userId, dramaId);
    const found = this.pending.get(key) ?? this.writingBatch.get(key);
    return found && { episodeId: found.save.episodeId, positionS: found.save.positionS };
  }

  /** Whether a save of this viewer waits here or is being written. */
  hasPending(userId: number): boolean {
    const of = (batch: Map<string, Pending>) => [...batch.values()].some(({ save }) => save.userId === userId);
    return of(this.pending) || of(this.writingBatch);
  }

  /**
   * Forgets the viewer's pending saves (of one drama, or all): the viewer removed them from the
   * history, and a save retried after the removal must not bring the row back.
   */
  discard(userId: number, dramaId?: number): void {
    for (const [key, { save }] of this.pending) {
      if (save.userId === userId && (dramaId === undefined || save.dramaId === dramaId)) this.pending.delete(key);
    }
  }

  /** How many saves wait for their batch (tests and metrics). */
  get size(): number {
    return this.pending.size;
  }

  /** Writes every save accepted so far; resolves once they are written (or dropped after a failure). */
  flush(): Promise<void> {
    return this.writes.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.writingBatch = batch;
    try {
      await this.deps.history.upsertBatch([...batch.values()].map(({ save }) => save));
    } catch (error) {
      this.requeue(batch, error);
    } finally {
      this.writingBatch = new Map();
    }
  }

  /** A failed batch goes out once more with the next tick; a save that failed twice is dropped. */
  private requeue(batch: Map<string, Pending>, error: unknown): void {
    let retried = 0;
    let dropped = 0;
    for (const [key, entry] of batch) {
      // A newer save of the same viewer and drama arrived meanwhile: it replaces this one.
      if (this.pending.has(key)) continue;
      if (entry.attempts + 1 >= MAX_ATTEMPTS) {
        dropped += 1;
        continue;
      }
      this.pending.set(key, { save: entry.save, attempts: entry.attempts + 1 });
      retried += 1;
    }
    this.deps.log.error(
      { err: error, saves: batch.size, retried, dropped },
      dropped > 0 ? 'saving watch progress failed; dropped what had failed before' : 'saving watch progress failed',
    );
    if (this.pending.size > 0) this.writes.schedule();
  }
}
