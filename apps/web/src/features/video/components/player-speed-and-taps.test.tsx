import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type * as HlsModule from '../../../lib/player/hls';
import { setSession } from '../../../lib/session';
import { stubApi, type Route } from '../../../test/fake-api';
import { FakeHls, installTextTracks } from '../../../test/fake-hls';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { DOUBLE_TAP_MS } from '../hooks/use-tap-gesture';
import { VideoPage } from '../pages/video-page';
import { PREFERENCE_KEYS } from '../player/preferences';
import { drama, lockedData, page, playback } from '../test/fixtures';

vi.mock('../../../lib/player/hls', async (importOriginal) => {
  const { FakeHls: Fake } = await import('../../../test/fake-hls');
  return { ...(await importOriginal<typeof HlsModule>()), Hls: Fake };
});

let pause: MockInstance<HTMLMediaElement['pause']>;

beforeEach(() => {
  FakeHls.reset();
  installTextTracks();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function catalogueApi(extra: Record<string, Route> = {}) {
  return stubApi({
    'GET /dramas/7': { code: 200, data: drama() },
    'GET /episodes/101/play': { code: 200, data: playback(1) },
    'GET /episodes/102/play': { code: 200, data: playback(2) },
    'GET /episodes/103/play': { code: 30002, data: lockedData(3) },
    'GET /episodes/101/comments': { code: 200, data: page([]) },
    'GET /episodes/102/comments': { code: 200, data: page([]) },
    ...extra,
  });
}

function open(path = '/pages/video/mobileVideoIndex?drama_id=7&episode_id=101') {
  window.innerWidth = 390;
  const element = (
    <>
      <VideoPage />
      <Where />
    </>
  );
  return renderRoutes(
    [
      { path: '/pages/video/mobileVideoIndex', element },
      { path: '/pages/login/index', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
}

async function player(): Promise<HTMLVideoElement> {
  await screen.findByTestId('video-seek');
  return screen.getByTestId<HTMLVideoElement>('video-player');
}

const chooseSpeed = (rate: string) => {
  fireEvent.click(screen.getByTestId('video-settings'));
  fireEvent.click(screen.getByTestId(`speed-option-${rate}`));
  fireEvent.click(screen.getByTestId('video-settings-sheet-close'));
};

/** A pointer's tap on the video at a point; two within DOUBLE_TAP_MS make a double tap. */
const tapVideo = (video: HTMLVideoElement) => fireEvent.click(video, { detail: 1, clientX: 150, clientY: 300 });

describe('playback speed', () => {
  it('offers 0.75× to 2×, plays at the choice, keeps it on this device and on the next episode (visitor)', async () => {
    const api = catalogueApi();
    open();
    const video = await player();
    fireEvent.click(screen.getByTestId('video-settings'));
    expect(screen.getAllByTestId(/^speed-option-/).map((button) => button.textContent)).toEqual([
      '0.75×',
      '1×',
      '1.25×',
      '1.5×',
      '2×',
    ]);
    expect(screen.getByTestId('speed-option-1')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('video-settings-sheet-close'));
    chooseSpeed('1.5');
    expect(video.playbackRate).toBe(1.5);
    expect(video.defaultPlaybackRate).toBe(1.5);
    expect(localStorage.getItem(PREFERENCE_KEYS.playbackRate)).toBe('1.5');
    // A visitor's speed stays on the device: nothing is asked of an account.
    expect(api.callsTo('PUT /user/playback')).toHaveLength(0);
    expect(api.callsTo('GET /user/playback')).toHaveLength(0);

    fireEvent.ended(video);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('episode_id=102'));
    await waitFor(() => expect(screen.getByTestId<HTMLVideoElement>('video-player').dataset.episodeId).toBe('102'));
    expect(screen.getByTestId<HTMLVideoElement>('video-player').playbackRate).toBe(1.5);
  });

  it('starts at the speed this device remembers', async () => {
    localStorage.setItem(PREFERENCE_KEYS.playbackRate, '0.75');
    catalogueApi();
    open();
    expect((await player()).playbackRate).toBe(0.75);
  });

  it("plays a signed-in viewer at their account's speed and saves a new choice to it", async () => {
    setSession({ token: 'tok', userInfo: testUser() });
    const api = catalogueApi({
      'GET /user/playback': { code: 200, data: { playback_rate: 2 } },
      'PUT /user/playback': { code: 200, data: { playback_rate: 1.25 } },
    });
    open();
    const video = await player();
    await waitFor(() => expect(video.playbackRate).toBe(2));
    chooseSpeed('1.25');
    expect(video.playbackRate).toBe(1.25);
    await waitFor(() => expect(api.callsTo('PUT /user/playback')[0]?.body).toEqual({ playback_rate: 1.25 }));
    expect(localStorage.getItem(PREFERENCE_KEYS.playbackRate)).toBe('1.25');
  });
});

describe('double tap to like', () => {
  it('likes with a heart at the tap and neither pauses nor plays; a single tap still pauses', async () => {
    setSession({ token: 'tok', userInfo: testUser() });
    const api = catalogueApi({ 'PUT /episodes/101/like': { code: 200, data: { liked: true, likes: 6 } } });
    open();
    const video = await player();
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false });

    tapVideo(video);
    tapVideo(video);
    const heart = screen.getByTestId('video-tap-heart');
    expect(heart.style.left).not.toBe('');
    await waitFor(() => expect(screen.getByTestId('video-like')).toHaveAttribute('aria-pressed', 'true'));
    expect(api.callsTo('PUT /episodes/101/like')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, DOUBLE_TAP_MS + 50));
    expect(pause).not.toHaveBeenCalled();

    // Liked already: another double tap shows a heart and never takes the like back.
    tapVideo(video);
    tapVideo(video);
    await new Promise((resolve) => setTimeout(resolve, DOUBLE_TAP_MS + 50));
    expect(api.callsTo('DELETE /episodes/101/like')).toHaveLength(0);
    expect(api.callsTo('PUT /episodes/101/like')).toHaveLength(1);

    tapVideo(video);
    expect(pause).not.toHaveBeenCalled();
    await waitFor(() => expect(pause).toHaveBeenCalledTimes(1));
  });

  it('asks a visitor to sign in, as the like button does', async () => {
    const api = catalogueApi();
    open();
    const video = await player();
    act(() => {
      tapVideo(video);
      tapVideo(video);
    });
    expect(await screen.findByTestId('where')).toHaveTextContent('/pages/login/index?redirect=');
    expect(api.callsTo('PUT /episodes/101/like')).toHaveLength(0);
    expect(screen.queryByTestId('video-tap-heart')).toBeNull();
  });
});
