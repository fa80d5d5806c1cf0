import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressSave } from '../../repositories/history.repository.js';
import { ProgressBatcher } from './progress-batcher.js';

/** A repository that remembers each batch and fails the first `failures` of them. */
function fakeHistory(failures = 0) {
  const batches: ProgressSave[][] = [];
  let failed = 0;
  let release: (() => void) | undefined;
  return {
    batches,
    /** While set, a write waits until `open()`. */
    hold: false,
    open() {
      release?.();
    },
    async upsertBatch(saves: readonly ProgressSave[]): Promise<void> {
      batches.push([...saves]);
      if (this.hold) await new Promise<void>((resolve) => (release = resolve));
      if (failed < failures) {
        failed += 1;
        throw new Error('database unavailable');
      }
    },
  };
}

const at = new Date('2026-11-29T10:00:00.000Z');
const save = (userId: number, dramaId: number, positionS: number, episodeId = dramaId * 10): ProgressSave => ({
  userId,
  dramaId,
  episodeId,
  positionS,
  updatedAt: new Date(at.getTime() + positionS * 1000),
});
const log = () => ({ error: vi.fn() });

afterEach(() => {
  vi.useRealTimers();
});

describe('ProgressBatcher', () => {
  it('writes nothing until due, then one batch with the last save of each viewer and drama', async () => {
    vi.useFakeTimers();
    const history = fakeHistory();
    const batcher = new ProgressBatcher({ history, log: log(), flushDelayMs: 1000 });
    batcher.add(save(1, 7, 5));
    batcher.add(save(2, 7, 3));
    batcher.add(save(1, 7, 10, 71));
    batcher.add(save(1, 8, 2));
    await vi.advanceTimersByTimeAsync(999);
    expect(history.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // One row per viewer and drama: the later save moved viewer 1 to another episode of drama 7.
    expect(history.batches).toEqual([[save(2, 7, 3), save(1, 7, 10, 71), save(1, 8, 2)]]);
    await batcher.flush();
    expect(history.batches).toHaveLength(1);
  });

  it('shows pending saves, and the batch being written, until it is written', async () => {
    const history = fakeHistory();
    const batcher = new ProgressBatcher({ history, log: log(), flushDelayMs: 60_000 });
    expect(batcher.pendingIn(1, 7)).toBeUndefined();
    batcher.add(save(1, 7, 5));
    expect(batcher.pendingIn(1, 7)).toEqual({ episodeId: 70, positionS: 5 });
    expect(batcher.pendingIn(1, 8)).toBeUndefined();
    expect([batcher.hasPending(1), batcher.hasPending(2)]).toEqual([true, false]);

    history.hold = true;
    const writing = batcher.flush();
    await vi.waitFor(() => expect(history.batches).toHaveLength(1));
    // Taken for writing, not yet committed: still this process's newest position.
    expect(batcher.size).toBe(0);
    expect(batcher.pendingIn(1, 7)).toEqual({ episodeId: 70, positionS: 5 });
    expect(batcher.hasPending(1)).toBe(true);
    history.open();
    await writing;
    expect(batcher.pendingIn(1, 7)).toBeUndefined();
    expect(batcher.hasPending(1)).toBe(false);
  });

  it('writes at once when the pending saves reach the bound', async () => {
    vi.useFakeTimers();
    const history = fakeHistory();
    const batcher = new ProgressBatcher({ history, log: log(), flushDelayMs: 60_000, maxPending: 3 });
    batcher.add(save(1, 7, 1));
    batcher.add(save(1, 7, 2));
    batcher.add(save(2, 7, 1));
    // Two viewers and dramas so far: under the bound.
    await vi.advanceTimersByTimeAsync(0);
    expect(history.batches).toEqual([]);
    batcher.add(save(3, 7, 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(history.batches.map((batch) => batch.length)).toEqual([3]);
    batcher.add(save(4, 7, 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(history.batches.map((batch) => batch.length)).toEqual([3]);
    await batcher.flush();
    expect(history.batches.map((batch) => batch.length)).toEqual([3, 1]);
  });

  it('flush (the app closing) resolves once everything added before it is written', async () => {
    const history = fakeHistory();
    const batcher = new ProgressBatcher({ history, log: log(), flushDelayMs: 60_000 });
    batcher.add(save(1, 7, 1));
    const first = batcher.flush();
    batcher.add(save(2, 7, 1));
    await batcher.flush();
    await first;
    expect(history.batches.flat()).toEqual([save(1, 7, 1), save(2, 7, 1)]);
    const written = history.batches.length;
    await batcher.flush();
    expect(history.batches).toHaveLength(written);
  });

  it('retries a failed batch once, on the next tick', async () => {
    vi.useFakeTimers();
    const history = fakeHistory(1);
    const logger = log();
    const batcher = new ProgressBatcher({ history, log: logger, flushDelayMs: 1000 });
    batcher.add(save(1, 7, 5));
    await vi.advanceTimersByTimeAsync(1000);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]?.[0]).toMatchObject({ saves: 1, retried: 1, dropped: 0 });
    // Still the viewer's position on this process while it waits for the retry.
    expect(batcher.pendingIn(1, 7)).toEqual({ episodeId: 70, positionS: 5 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(history.batches).toEqual([[save(1, 7, 5)], [save(1, 7, 5)]]);
    expect(batcher.size).toBe(0);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('drops a save that failed twice, logging it, and writes nothing more', async () => {
    vi.useFakeTimers();
    const history = fakeHistory(2);
    const logger = log();
    const batcher = new ProgressBatcher({ history, log: logger, flushDelayMs: 1000 });
    batcher.add(save(1, 7, 5));
    await vi.advanceTimersByTimeAsync(1000);
    batcher.add(save(2, 7, 3));
    await vi.advanceTimersByTimeAsync(1000);
    // The second attempt carried the retried save and a new one; only the retried one is dropped.
    expect(history.batches).toEqual([[save(1, 7, 5)], [save(1, 7, 5), save(2, 7, 3)]]);
    expect(logger.error.mock.calls[1]?.[0]).toMatchObject({ saves: 2, retried: 1, dropped: 1 });
    expect(batcher.pendingIn(1, 7)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(history.batches[2]).toEqual([save(2, 7, 3)]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(history.batches).toHaveLength(3);
    expect(batcher.size).toBe(0);
  });

  it('lets a newer save replace a failed one instead of retrying the old position', async () => {
    const history = fakeHistory(1);
    const batcher = new ProgressBatcher({ history, log: log(), flushDelayMs: 60_000 });
    batcher.add(save(1, 7, 5));
    history.hold = true;
    const failing = batcher.flush();
    await vi.waitFor(() => expect(history.batches).toHaveLength(1));
    batcher.add(save(1, 7, 9));
    history.hold = false;
    history.open();
    await failing;
    await batcher.flush();
    expect(history.batches).toEqual([[save(1, 7, 5)], [save(1, 7, 9)]]);
  });

  it('discards pending saves of one drama or of all the viewer’s', async () => {
    const history = fakeHistory();
    const batcher = new ProgressBatcher({ history, log: log(), flushDelayMs: 60_000 });
    for (const [userId, dramaId] of [
      [1, 7],
      [1, 8],
      [1, 9],
      [2, 7],
    ] as const) {
      batcher.add(save(userId, dramaId, 1));
    }
    batcher.discard(1, 8);
    expect([batcher.pendingIn(1, 7), batcher.pendingIn(1, 8)].map(Boolean)).toEqual([true, false]);
    batcher.discard(1);
    expect(batcher.hasPending(1)).toBe(false);
    await batcher.flush();
    expect(history.batches).toEqual([[save(2, 7, 1)]]);
  });
});
