import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayRecord } from '../../repositories/episode-plays.repository.js';
import { PlayRecorder } from './play-recorder.js';

/** A repository that remembers each batch and fails the first `failures` of them. */
function fakePlays(failures = 0) {
  const batches: PlayRecord[][] = [];
  let failed = 0;
  return {
    batches,
    insertBatch(plays: readonly PlayRecord[]): Promise<number> {
      batches.push([...plays]);
      if (failed < failures) {
        failed += 1;
        return Promise.reject(new Error('database unavailable'));
      }
      return Promise.resolve(plays.length);
    },
  };
}

const at = new Date('2026-11-21T10:00:00.000Z');
const play = (viewerKey: string, episodeId = 1, when = at): PlayRecord => ({
  viewerKey,
  episodeId,
  day: when.toISOString().slice(0, 10),
  at: when,
});
const log = () => ({ error: vi.fn() });

afterEach(() => {
  vi.useRealTimers();
});

describe('PlayRecorder', () => {
  it('writes nothing until flushed or due, then one batch with each viewer/episode/day once', async () => {
    vi.useFakeTimers();
    const plays = fakePlays();
    const recorder = new PlayRecorder({ plays, log: log(), flushDelayMs: 250 });
    recorder.record(play('u:1'));
    recorder.record(play('u:1', 1, new Date(at.getTime() + 5_000)));
    recorder.record(play('u:2'));
    recorder.record(play('u:1', 2));
    expect(plays.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(plays.batches).toHaveLength(1);
    // The first play of the day is kept: its time is when the playback was handed out.
    expect(plays.batches[0]).toEqual([play('u:1'), play('u:2'), play('u:1', 2)]);
    await recorder.flush();
    expect(plays.batches).toHaveLength(1);
  });

  it('writes a full batch at once, without waiting for the delay', async () => {
    vi.useFakeTimers();
    const plays = fakePlays();
    const recorder = new PlayRecorder({ plays, log: log(), flushDelayMs: 60_000, maxBatch: 3 });
    for (const viewer of ['u:1', 'u:2', 'u:3']) recorder.record(play(viewer));
    await vi.advanceTimersByTimeAsync(0);
    expect(plays.batches.map((batch) => batch.length)).toEqual([3]);
    recorder.record(play('u:4'));
    await vi.advanceTimersByTimeAsync(0);
    expect(plays.batches.map((batch) => batch.length)).toEqual([3]);
    await recorder.flush();
    expect(plays.batches.map((batch) => batch.length)).toEqual([3, 1]);
  });

  it('flush resolves once everything recorded before it is written', async () => {
    const plays = fakePlays();
    const recorder = new PlayRecorder({ plays, log: log(), flushDelayMs: 60_000 });
    recorder.record(play('u:1'));
    const first = recorder.flush();
    recorder.record(play('u:2'));
    await recorder.flush();
    await first;
    expect(plays.batches.flat()).toEqual([play('u:1'), play('u:2')]);
    // Nothing is left pending: another flush writes nothing.
    const written = plays.batches.length;
    await recorder.flush();
    expect(plays.batches).toHaveLength(written);
  });

  it('keeps a failed batch for the next flush, and gives it up (logged) after three attempts', async () => {
    const plays = fakePlays(2);
    const logger = log();
    const recorder = new PlayRecorder({ plays, log: logger, flushDelayMs: 60_000 });
    recorder.record(play('u:1'));
    await recorder.flush();
    await recorder.flush();
    await recorder.flush();
    expect(plays.batches).toEqual([[play('u:1')], [play('u:1')], [play('u:1')]]);
    // Written on the third attempt: nothing is left for a fourth.
    await recorder.flush();
    expect(plays.batches).toHaveLength(3);
    expect(logger.error).toHaveBeenCalledTimes(2);

    const broken = fakePlays(Number.POSITIVE_INFINITY);
    const gaveUp = new PlayRecorder({ plays: broken, log: logger, flushDelayMs: 60_000 });
    gaveUp.record(play('u:9'));
    for (let i = 0; i < 5; i += 1) await gaveUp.flush();
    expect(broken.batches).toHaveLength(3);
  });
});
