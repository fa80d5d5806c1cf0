import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HlsModule from './hls';
import { FakeHls } from '../test/fake-hls';
import { startEarlyPlayer, takeEarlyPlayer } from './early-player';
import { PLAY_BUFFER_S } from './hls-config';

vi.mock('./hls', async (importOriginal) => {
  const { FakeHls: Fake } = await import('../test/fake-hls');
  return { ...(await importOriginal<typeof HlsModule>()), Hls: Fake };
});

const SRC = '/media/episodes/a/1/master.m3u8?exp=1&sig=x';

beforeEach(() => FakeHls.reset());
afterEach(() => {
  takeEarlyPlayer(''); // whatever a test left behind is dropped
  vi.useRealTimers();
});

describe('early player', () => {
  it('starts loading the source with no element, as a player on screen, and hands that instance over once', () => {
    startEarlyPlayer(SRC);
    const hls = FakeHls.last();
    expect(hls.loads).toEqual([SRC]);
    expect(hls.media).toBeNull();
    expect(hls.config).toMatchObject({ startPosition: -1, maxBufferLength: PLAY_BUFFER_S, startFragPrefetch: true });

    expect(takeEarlyPlayer(SRC)).toBe(hls);
    expect(hls.destroyed).toBe(false);
    expect(takeEarlyPlayer(SRC)).toBeNull();
  });

  it('drops an instance asked for by another source, or one that failed', () => {
    startEarlyPlayer(SRC);
    const other = FakeHls.last();
    expect(takeEarlyPlayer(`${SRC}&again`)).toBeNull();
    expect(other.destroyed).toBe(true);

    startEarlyPlayer(SRC);
    const failed = FakeHls.last();
    failed.emit('hlsError', { fatal: false, type: 'networkError' }); // hls.js retries these itself
    failed.emit('hlsError', { fatal: true, type: 'networkError' });
    expect(takeEarlyPlayer(SRC)).toBeNull();
    expect(failed.destroyed).toBe(true);
  });

  it('drops an instance nobody takes', () => {
    vi.useFakeTimers();
    startEarlyPlayer(SRC);
    const hls = FakeHls.last();
    vi.advanceTimersByTime(9_999);
    expect(hls.destroyed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(hls.destroyed).toBe(true);
    expect(takeEarlyPlayer(SRC)).toBeNull();
  });

  it('starts nothing without Media Source Extensions (the browser plays HLS itself there)', () => {
    FakeHls.supported = false;
    startEarlyPlayer(SRC);
    expect(FakeHls.instances).toHaveLength(0);
    expect(takeEarlyPlayer(SRC)).toBeNull();
  });
});
