import { describe, expect, it } from 'vitest';
import { PublicAnswerCache } from './public-answer-cache.js';

const start = Date.parse('2026-11-21T10:00:00.000Z');
const TTL_MS = 5000;

/**
 * A cache on a clock the test moves, over a catalogue whose scheduled releases the test sets:
 * `releases` answers "the earliest after now" as a repository would, and counts the reads.
 */
function world(releases: number[] = []) {
  let now = start;
  const reads: number[] = [];
  const cache = new PublicAnswerCache({
    clock: () => new Date(now),
    ttlMs: TTL_MS,
    maxEntries: 100,
    nextRelease: (at) => {
      reads.push(at.getTime());
      const next = releases.filter((time) => time > at.getTime()).sort((a, b) => a - b)[0];
      return Promise.resolve(next === undefined ? null : new Date(next));
    },
  });
  let fills = 0;
  const answer = () => cache.get('home', () => Promise.resolve((fills += 1)));
  return {
    cache,
    reads,
    releases,
    answer,
    advanceMs: (ms: number) => {
      now += ms;
    },
  };
}

describe('PublicAnswerCache and scheduled releases', () => {
  it('keeps an answer for the TTL when no release is scheduled, reading the schedule once', async () => {
    const w = world();
    expect(await w.answer()).toBe(1);
    w.advanceMs(TTL_MS - 1);
    expect(await w.answer()).toBe(1);
    w.advanceMs(1);
    expect(await w.answer()).toBe(2);
    expect(w.reads).toHaveLength(1);
  });

  it('treats an answer as stale from the next release on, before its TTL', async () => {
    const w = world([start + 2000]);
    expect(await w.answer()).toBe(1);
    w.advanceMs(1999);
    expect(await w.answer()).toBe(1);
    w.advanceMs(1);
    // Released now: the answer filled before it is not served, and the schedule is read again.
    expect(await w.answer()).toBe(2);
    expect(w.reads).toEqual([start, start + 2000]);
    // Nothing else scheduled: the new answer lives for the whole TTL.
    w.advanceMs(TTL_MS - 1);
    expect(await w.answer()).toBe(2);
  });

  it('shares one read of the schedule between fills until the release has passed', async () => {
    const w = world([start + 60_000]);
    await w.answer();
    for (let i = 0; i < 5; i += 1) {
      w.advanceMs(TTL_MS);
      await w.answer();
    }
    expect(w.reads).toHaveLength(1);
  });

  it('reads the schedule again after a catalogue change (a release set, moved or withdrawn)', async () => {
    const w = world();
    expect(await w.answer()).toBe(1);
    // Scheduled by the console, which then publishes the change (clear).
    w.releases.push(start + 1000);
    w.cache.clear();
    expect(await w.answer()).toBe(2);
    w.advanceMs(1000);
    expect(await w.answer()).toBe(3);
    expect(w.reads).toEqual([start, start, start + 1000]);
  });

  it('does not keep a failed read of the schedule, and fails the fills that waited on it', async () => {
    let failing = true;
    const cache = new PublicAnswerCache({
      clock: () => new Date(start),
      ttlMs: TTL_MS,
      maxEntries: 100,
      nextRelease: () => (failing ? Promise.reject(new Error('database unavailable')) : Promise.resolve(null)),
    });
    await expect(cache.get('home', () => Promise.resolve('answer'))).rejects.toThrow('database unavailable');
    failing = false;
    expect(await cache.get('home', () => Promise.resolve('answer'))).toBe('answer');
  });
});
