import { describe, expect, it, vi } from 'vitest';
import { drama, episode, playback } from '../test/fixtures';
import { prefetchKey, prefetchVideo, takePrefetched } from './prefetch';

function fetchers(detail = drama()) {
  return {
    fetchDrama: vi.fn(() => Promise.resolve(detail)),
    fetchPlayback: vi.fn((id: number) => Promise.resolve(playback(id - 100))),
    fetchAd: vi.fn(() => Promise.resolve(null)),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('video prefetch', () => {
  it('starts the drama and the asked episode together, and hands each over once', async () => {
    const f = fetchers();
    prefetchVideo('?drama_id=7&episode_id=103', f, 'en');
    expect(f.fetchDrama).toHaveBeenCalledWith(7, 'en');
    expect(f.fetchPlayback).toHaveBeenCalledWith(103, 'en');
    expect(f.fetchAd).toHaveBeenCalledWith(103);
    expect(takePrefetched(prefetchKey.ad(103))).toBeDefined();
    await expect(takePrefetched(prefetchKey.drama(7, 'en'))).resolves.toMatchObject({ id: 7 });
    expect(takePrefetched(prefetchKey.drama(7, 'en'))).toBeUndefined();
    expect(takePrefetched(prefetchKey.playback(103, 'en'))).toBeDefined();
  });

  it('without an episode, asks for the one to play once the drama is known', async () => {
    const f = fetchers(drama({ progress: { episode_id: 102, position_s: 3 } }));
    prefetchVideo('?drama_id=7', f, 'zh');
    await flush();
    expect(f.fetchPlayback).toHaveBeenCalledWith(102, 'zh');
    expect(takePrefetched(prefetchKey.playback(102, 'zh'))).toBeDefined();
    void takePrefetched(prefetchKey.drama(7, 'zh'));
  });

  it('leaves a locked episode to the page (its 30002 opens the unlock dialog)', async () => {
    const f = fetchers(drama({ episodes: [episode(1, { locked: true })] }));
    prefetchVideo('?drama_id=7', f, 'en');
    await flush();
    expect(f.fetchPlayback).not.toHaveBeenCalled();
    expect(f.fetchAd).not.toHaveBeenCalled();
    void takePrefetched(prefetchKey.drama(7, 'en'));
  });

  it('does nothing without a drama id, and never hands over a stale or failed-unseen call', async () => {
    const f = fetchers();
    prefetchVideo('?episode_id=3', f, 'en');
    expect(f.fetchDrama).not.toHaveBeenCalled();

    const failing = {
      fetchDrama: vi.fn(() => Promise.reject(new Error('down'))),
      fetchPlayback: vi.fn(),
      fetchAd: vi.fn(),
    };
    prefetchVideo('?drama_id=9', failing, 'en');
    await flush(); // no unhandled rejection
    expect(takePrefetched(prefetchKey.drama(9, 'en'), Date.now() + 60_000)).toBeUndefined();
  });
});
