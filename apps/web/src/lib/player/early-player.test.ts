import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type * as HlsModule from './hls';
import { FakeHls } from '../../test/fake-hls';
import {
  adoptEarlyVideo,
  dropEarlyPlayer,
  earlyVideoFor,
  playEarlyPlayer,
  preloadEarlyPlayer,
  READY_CAP_MS,
  startEarlyPlayer,
  takeEarlyPlayer,
} from './early-player';
import { PLAY_BUFFER_S } from './hls-config';
import { QUALITY_STORAGE_KEY } from './quality';

vi.mock('./hls', async (importOriginal) => {
  const { FakeHls: Fake } = await import('../../test/fake-hls');
  return { ...(await importOriginal<typeof HlsModule>()), Hls: Fake };
});

const SRC = '/media/episodes/a/1/master.m3u8?exp=1&sig=x';
let play: MockInstance<HTMLMediaElement['play']>;

beforeEach(() => {
  FakeHls.reset();
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => {
  // Whatever a test left behind is dropped with its element.
  const video = earlyVideoFor(SRC);
  if (video) takeEarlyPlayer(video)?.destroy();
  for (const stage of document.body.querySelectorAll('div')) stage.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('early player', () => {
  it('attaches its own element and loads the source as a player on screen; the page takes both over once', async () => {
    await startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: null });
    const hls = FakeHls.last();
    const video = earlyVideoFor(SRC)!;
    expect(video).toBeInstanceOf(HTMLVideoElement);
    expect(video.dataset.episodeId).toBe('101');
    expect(hls.media).toBe(video);
    expect(hls.loads).toEqual([SRC]);
    expect(hls.config).toMatchObject({ startPosition: -1, maxBufferLength: PLAY_BUFFER_S, startFragPrefetch: true });
    // Without a pre-roll decision it only loads: nothing on screen, nothing playing.
    expect(video.isConnected).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(earlyVideoFor(`${SRC}&other`)).toBeNull();

    expect(takeEarlyPlayer(document.createElement('video'))).toBeNull(); // another element: not its own
    expect(takeEarlyPlayer(video)).toBe(hls);
    expect(hls.destroyed).toBe(false);
    expect(takeEarlyPlayer(video)).toBeNull();
  });

  it('goes on screen and plays once the decision is "no ad", and the page moves the playing element in', async () => {
    const ready = startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    const video = earlyVideoFor(SRC)!;
    await flush();
    expect(video.isConnected).toBe(true);
    expect(video).toHaveAttribute('data-testid', 'video-player');
    expect(play).toHaveBeenCalledTimes(1);
    // Clear until its first frame, so the server's poster shows behind it; black from then on.
    expect(video.parentElement!.style.background).toBe('');
    video.dispatchEvent(new Event('loadeddata'));
    expect(video.parentElement!.style.background).toBe('rgb(0, 0, 0)');
    video.dispatchEvent(new Event('playing'));
    await ready;

    const host = document.createElement('div');
    document.body.append(host);
    const stage = video.parentElement!;
    adoptEarlyVideo(host, video);
    expect(video.parentElement).toBe(host);
    expect(video.getAttribute('style')).toBeNull();
    expect(stage.isConnected).toBe(false);
  });

  it('plays muted when the browser refuses unmuted autoplay', async () => {
    play.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'));
    void startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    const video = earlyVideoFor(SRC)!;
    await flush();
    await flush();
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('never plays before an ad, and lets the page render at once', async () => {
    await startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve({ id: 1 }) });
    const video = earlyVideoFor(SRC)!;
    expect(video.isConnected).toBe(false);
    expect(play).not.toHaveBeenCalled();
  });

  it('lets the page render after a bounded wait even if the video never plays', async () => {
    vi.useFakeTimers();
    let settled = false;
    void startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) }).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(READY_CAP_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('drops a player that failed (the page starts afresh on the element) and one nobody takes', async () => {
    vi.useFakeTimers();
    const ready = startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    await vi.advanceTimersByTimeAsync(0);
    const failed = FakeHls.last();
    const video = earlyVideoFor(SRC)!;
    failed.emit('hlsError', { fatal: false, type: 'networkError' }); // hls.js retries these itself
    expect(earlyVideoFor(SRC)).toBe(video);
    expect(video.isConnected).toBe(true);
    failed.emit('hlsError', { fatal: true, type: 'networkError' });
    await ready; // a failure lets the page render
    // Gone at once, so it covers nothing while the page starts its own.
    expect(video.isConnected).toBe(false);
    expect(failed.destroyed).toBe(true);
    expect(earlyVideoFor(SRC)).toBeNull();
    expect(takeEarlyPlayer(video)).toBeNull();

    void startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    await vi.advanceTimersByTimeAsync(0);
    const unclaimed = FakeHls.last();
    const shown = earlyVideoFor(SRC)!;
    expect(shown.isConnected).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(unclaimed.destroyed).toBe(true);
    expect(shown.isConnected).toBe(false);
    expect(earlyVideoFor(SRC)).toBeNull();
  });

  it("continues the player the HTML's stage preloaded once the page confirms it, and only then shows it", async () => {
    preloadEarlyPlayer(SRC, 101);
    const preloaded = FakeHls.last();
    const video = earlyVideoFor(SRC)!;
    expect(preloaded.loads).toEqual([SRC]);
    expect(preloaded.media).toBe(video);
    expect(video.isConnected).toBe(false);
    preloadEarlyPlayer(SRC, 101); // once only
    expect(FakeHls.instances).toHaveLength(1);

    const ready = startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    await flush();
    expect(FakeHls.instances).toHaveLength(1);
    expect(earlyVideoFor(SRC)).toBe(video);
    expect(video.isConnected).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    video.dispatchEvent(new Event('playing'));
    await ready;
    // A second start (a loader run again) changes nothing.
    await startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    expect(FakeHls.instances).toHaveLength(1);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('drops a preloaded player the page does not confirm: another source, or none within the wait', async () => {
    vi.useFakeTimers();
    preloadEarlyPlayer(SRC, 101);
    const stale = FakeHls.last();
    const other = `${SRC}&lang=tr`;
    void startEarlyPlayer({ src: other, episodeId: 101, adDecision: Promise.resolve(null) });
    await vi.advanceTimersByTimeAsync(0);
    expect(stale.destroyed).toBe(true);
    expect(earlyVideoFor(SRC)).toBeNull();
    const started = FakeHls.last();
    expect(started.loads).toEqual([other]);
    expect(earlyVideoFor(other)!.isConnected).toBe(true);
    takeEarlyPlayer(earlyVideoFor(other)!)?.destroy();

    preloadEarlyPlayer(SRC, 101);
    const forgotten = FakeHls.last();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(forgotten.destroyed).toBe(true);
    expect(earlyVideoFor(SRC)).toBeNull();
  });

  it('plays at once when the HTML says no ad comes first, and the app starts once it plays', async () => {
    vi.useFakeTimers();
    let started = false;
    void playEarlyPlayer(SRC, 101).then(() => {
      started = true;
    });
    const video = earlyVideoFor(SRC)!;
    expect(video.isConnected).toBe(true);
    expect(video).toHaveAttribute('data-testid', 'video-player');
    expect(play).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(false);
    video.dispatchEvent(new Event('playing'));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
    // The app's code may arrive late on a slow line: no page has confirmed it, and it plays on.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(video.isConnected).toBe(true);

    // The page's loader confirms it: no second player, no second play, and the page renders now.
    await startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    expect(FakeHls.instances).toHaveLength(1);
    expect(play).toHaveBeenCalledTimes(1);
    expect(earlyVideoFor(SRC)).toBe(video);
    // Confirmed, it is the page's to take; one that is never taken goes.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(video.isConnected).toBe(false);
    expect(FakeHls.last().destroyed).toBe(true);
  });

  it('lets the app start after a bounded wait when the episode does not play', async () => {
    vi.useFakeTimers();
    let started = false;
    void playEarlyPlayer(SRC, 101).then(() => {
      started = true;
    });
    await vi.advanceTimersByTimeAsync(READY_CAP_MS - 1);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
  });

  it('only loads when the viewer remembered a rendition, which the page chooses before the first segment', async () => {
    localStorage.setItem(QUALITY_STORAGE_KEY, 'hd');
    await playEarlyPlayer(SRC, 101);
    const video = earlyVideoFor(SRC)!;
    expect(FakeHls.last().loads).toEqual([SRC]);
    expect(video.isConnected).toBe(false);
    expect(play).not.toHaveBeenCalled();
  });

  it("drops the entry's player the page will not take, even on screen, but never one a page confirmed", async () => {
    void playEarlyPlayer(SRC, 101);
    const video = earlyVideoFor(SRC)!;
    dropEarlyPlayer();
    expect(video.isConnected).toBe(false);
    expect(FakeHls.last().destroyed).toBe(true);
    expect(earlyVideoFor(SRC)).toBeNull();

    void playEarlyPlayer(SRC, 101);
    await startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    dropEarlyPlayer();
    expect(earlyVideoFor(SRC)!.isConnected).toBe(true);
    expect(FakeHls.last().destroyed).toBe(false);
  });

  it('starts nothing without Media Source Extensions (the browser plays HLS itself there)', async () => {
    FakeHls.supported = false;
    preloadEarlyPlayer(SRC, 101);
    await playEarlyPlayer(SRC, 101);
    await startEarlyPlayer({ src: SRC, episodeId: 101, adDecision: Promise.resolve(null) });
    expect(FakeHls.instances).toHaveLength(0);
    expect(earlyVideoFor(SRC)).toBeNull();
  });
});
