import { describe, expect, it } from 'vitest';
import { ServedEpisodeDirs } from '../../src/media/served-episode-dirs.js';
import { TestClock } from '../helpers/test-clock.js';

const DIR = 'episodes/drama/1-abcdef12';

/** A release table the test edits, counting the reads that reach it. */
function fakeCatalogue(releases: Record<string, Date | null>) {
  const reads: string[] = [];
  return {
    reads,
    releases,
    releaseOf: (dir: string) => {
      reads.push(dir);
      return Promise.resolve(releases[dir] ?? null);
    },
  };
}

describe('ServedEpisodeDirs', () => {
  it('serves a directory of a released drama, and not one that is unknown or unpublished', async () => {
    const clock = new TestClock('2026-11-21T10:00:00Z');
    const catalogue = fakeCatalogue({ [DIR]: new Date('2026-11-01T00:00:00Z'), 'episodes/draft/1': null });
    const dirs = new ServedEpisodeDirs({ releaseOf: catalogue.releaseOf, clock: clock.now });
    expect(await dirs.isServed(DIR)).toBe(true);
    expect(await dirs.isServed('episodes/draft/1')).toBe(false);
    expect(await dirs.isServed('episodes/nobody/1')).toBe(false);
  });

  it('reads a directory once per TTL, concurrent misses sharing the read', async () => {
    const clock = new TestClock('2026-11-21T10:00:00Z');
    const catalogue = fakeCatalogue({ [DIR]: new Date('2026-11-01T00:00:00Z') });
    const dirs = new ServedEpisodeDirs({ releaseOf: catalogue.releaseOf, clock: clock.now, ttlMs: 5_000 });
    expect(await Promise.all(Array.from({ length: 20 }, () => dirs.isServed(DIR)))).toEqual(Array(20).fill(true));
    expect(catalogue.reads).toHaveLength(1);
    catalogue.releases[DIR] = null; // unpublished without anyone saying so: seen once the TTL is up
    clock.advance(4.9);
    expect(await dirs.isServed(DIR)).toBe(true);
    clock.advance(0.2);
    expect(await dirs.isServed(DIR)).toBe(false);
    expect(catalogue.reads).toHaveLength(2);
  });

  it('forgets everything when cleared, so an unpublish is seen at once', async () => {
    const clock = new TestClock('2026-11-21T10:00:00Z');
    const catalogue = fakeCatalogue({ [DIR]: new Date('2026-11-01T00:00:00Z') });
    const dirs = new ServedEpisodeDirs({ releaseOf: catalogue.releaseOf, clock: clock.now });
    expect(await dirs.isServed(DIR)).toBe(true);
    catalogue.releases[DIR] = null;
    dirs.clear();
    expect(await dirs.isServed(DIR)).toBe(false);
  });

  it('serves a scheduled release from its very second, without a new read', async () => {
    const clock = new TestClock('2026-11-21T10:00:00Z');
    const catalogue = fakeCatalogue({ [DIR]: new Date('2026-11-21T10:00:02Z') });
    const dirs = new ServedEpisodeDirs({ releaseOf: catalogue.releaseOf, clock: clock.now, ttlMs: 5_000 });
    expect(await dirs.isServed(DIR)).toBe(false);
    clock.advance(1.999);
    expect(await dirs.isServed(DIR)).toBe(false);
    clock.advance(0.001);
    expect(await dirs.isServed(DIR)).toBe(true);
    expect(catalogue.reads).toHaveLength(1);
  });

  it('keeps at most maxEntries directories, dropping the oldest reads', async () => {
    const clock = new TestClock('2026-11-21T10:00:00Z');
    const catalogue = fakeCatalogue({});
    const dirs = new ServedEpisodeDirs({ releaseOf: catalogue.releaseOf, clock: clock.now, maxEntries: 3 });
    for (const n of [1, 2, 3, 4, 5]) await dirs.isServed(`episodes/d/${n}`);
    expect(dirs.size).toBe(3);
    await dirs.isServed('episodes/d/5'); // still remembered
    await dirs.isServed('episodes/d/1'); // dropped: read again
    expect(catalogue.reads).toEqual(['1', '2', '3', '4', '5', '1'].map((n) => `episodes/d/${n}`));
  });

  it('does not keep a failed read: the next request reads again', async () => {
    const clock = new TestClock('2026-11-21T10:00:00Z');
    let fail = true;
    const dirs = new ServedEpisodeDirs({
      releaseOf: () => (fail ? Promise.reject(new Error('database down')) : Promise.resolve(new Date(0))),
      clock: clock.now,
    });
    await expect(dirs.isServed(DIR)).rejects.toThrow('database down');
    fail = false;
    expect(await dirs.isServed(DIR)).toBe(true);
  });
});
