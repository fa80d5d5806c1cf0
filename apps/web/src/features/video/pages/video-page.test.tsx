import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Events } from 'hls.js';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi, type MockInstance } from 'vitest';
import type * as HlsModule from '../../../lib/player/hls';
import { i18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { stubApi, type Answer, type Route } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { setWidth } from '../../../test/render-app';
import { startEarlyPlayer } from '../../../lib/player/early-player';
import { PREFERENCE_KEYS } from '../player/preferences';
import { STALL_ERROR_MS } from '../../../lib/player/use-hls-player';
import { FakeHls, installTextTracks, showFrame } from '../../../test/fake-hls';
import { drama, lockedData, page, playback } from '../test/fixtures';
import { VideoPage } from './video-page';

vi.mock('../../../lib/player/hls', async (importOriginal) => {
  const { FakeHls: Fake } = await import('../../../test/fake-hls');
  return { ...(await importOriginal<typeof HlsModule>()), Hls: Fake };
});

let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;

beforeEach(() => {
  FakeHls.reset();
  installTextTracks();
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
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

const PHONE = 390;
const DESKTOP = 1280;

/** Either route at a window `width` wide: the width, not the path, picks the layout. */
function open(path: string, width = PHONE) {
  window.innerWidth = width;
  const page = (
    <>
      <VideoPage />
      <Where />
    </>
  );
  return renderRoutes(
    [
      { path: '/pages/video/mobileVideoIndex', element: page },
      { path: '/pages/video/index', element: page },
      { path: '/pages/login/index', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
}

/** The visible video, once the stage has wired its controls to it (the seek bar shows). */
async function player(): Promise<HTMLVideoElement> {
  await screen.findByTestId('video-seek');
  return screen.getByTestId<HTMLVideoElement>('video-player');
}
const hlsFor = (episodeId: number) => {
  const hls = FakeHls.instances.find((h) => h.src?.includes(`/${episodeId - 100}/master.m3u8`) && !h.destroyed);
  if (!hls) throw new Error(`no live hls.js instance for episode ${episodeId}`);
  return hls;
};

describe('mobile video page', () => {
  it('plays the first episode of a drama with no history, in the interface language', async () => {
    const api = catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7');
    const video = await player();
    expect(video).toHaveAttribute('data-episode-id', '101');
    expect(hlsFor(101).media).toBe(video);
    expect(screen.getByTestId('video-title')).toHaveTextContent('The Last Train');
    expect(screen.getByTestId('video-episode-number')).toHaveTextContent('Episode 1');
    expect(api.callsTo('GET /episodes/101/play')[0]?.query.get('lang')).toBe('en');
    expect(api.callsTo('GET /dramas/7')[0]?.query.get('lang')).toBe('en');
    await waitFor(() => expect(play).toHaveBeenCalled());
  });

  it('takes over the element and hls.js instance started before the page rendered, still playing', async () => {
    catalogueApi();
    await startEarlyPlayer({ src: playback(1).playlist_url, episodeId: 101, adDecision: Promise.resolve(null) });
    const early = FakeHls.last();
    const element = early.media as HTMLVideoElement;
    expect(element.isConnected).toBe(true); // on screen before the page
    open('/pages/video/mobileVideoIndex?drama_id=7');
    const video = await player();
    expect(video).toBe(element);
    expect(video.closest('[data-testid="player-stage"]')).not.toBeNull();
    expect(video).toHaveAttribute('data-episode-id', '101');
    expect(video.querySelectorAll('track')).toHaveLength(playback(1).subtitles.length);
    expect(early.loads).toEqual([playback(1).playlist_url]);
    expect(FakeHls.instances.filter((h) => h.src === playback(1).playlist_url)).toEqual([early]);
    // Its levels were parsed before the page took it: the quality menu has them all the same.
    fireEvent.click(screen.getByTestId('video-settings'));
    expect(await screen.findByTestId('quality-option-sd')).toBeInTheDocument();
    // The end of the episode moves on, as with the page's own element, once the sheet is closed.
    fireEvent.ended(video);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByTestId('where')).not.toHaveTextContent('episode_id=102');
    fireEvent.click(screen.getByTestId('video-settings-sheet-close'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('episode_id=102'));
  });

  it('shows the unmute button when the early start had to go muted', async () => {
    catalogueApi();
    play.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'));
    await startEarlyPlayer({ src: playback(1).playlist_url, episodeId: 101, adDecision: Promise.resolve(null) });
    await waitFor(() => expect((FakeHls.last().media as HTMLVideoElement).muted).toBe(true));
    open('/pages/video/mobileVideoIndex?drama_id=7');
    const video = await player();
    expect(await screen.findByTestId('video-unmute')).toBeInTheDocument();
    expect(video.muted).toBe(true);
  });

  it('starts afresh on the element when a remembered quality must be chosen before the first segment', async () => {
    catalogueApi();
    localStorage.setItem(PREFERENCE_KEYS.quality, 'sd');
    void startEarlyPlayer({ src: playback(1).playlist_url, episodeId: 101, adDecision: null });
    const early = FakeHls.last();
    open('/pages/video/mobileVideoIndex?drama_id=7');
    const video = await player();
    expect(early.destroyed).toBe(true);
    const own = hlsFor(101);
    expect(own).not.toBe(early);
    expect(own.media).toBe(video);
    expect(own.loads).toEqual([playback(1).playlist_url]);
  });

  it('resumes the episode saved in history at its position', async () => {
    catalogueApi({
      'GET /dramas/7': { code: 200, data: drama({ progress: { episode_id: 102, position_s: 6 } }) },
      'GET /episodes/102/play': { code: 200, data: playback(2, { position_s: 6 }) },
    });
    open('/pages/video/mobileVideoIndex?drama_id=7');
    expect(await player()).toHaveAttribute('data-episode-id', '102');
    expect(hlsFor(102).config.startPosition).toBe(6);
  });

  it('preloads the next free episode with a small buffer once this one has a frame, and reuses it on ArrowDown', async () => {
    const api = catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    const first = await player();
    // Its answer is asked for at once, its player waits: nothing competes with the first frame.
    await waitFor(() => expect(api.callsTo('GET /episodes/102/play')).toHaveLength(1));
    expect(screen.queryByTestId('video-preload')).toBeNull();
    expect(FakeHls.instances.some((h) => h.src?.includes('/2/master.m3u8'))).toBe(false);
    showFrame(first);
    const preload = await screen.findByTestId('video-preload');
    expect(preload).toHaveAttribute('data-episode-id', '102');
    const next = hlsFor(102);
    expect(next.config.maxBufferLength).toBeLessThanOrEqual(4);

    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('episode_id=102'));
    await waitFor(() => expect(screen.getByTestId('video-player')).toHaveAttribute('data-episode-id', '102'));
    // The same hls.js instance and element: the first frame is already there.
    expect(hlsFor(102)).toBe(next);
    expect(screen.getByTestId('video-player')).toBe(preload);
    expect(next.config.maxBufferLength).toBe(30);
    expect(FakeHls.instances.find((h) => h.src?.includes('/1/master.m3u8'))?.destroyed).toBe(true);
  });

  it('goes back with ArrowUp and a downward swipe, forward with an upward swipe', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=102');
    await player();
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('episode_id=101'));

    const stage = screen.getByRole('region', { name: 'Video player' });
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, clientY: 600 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 200, clientY: 300 });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('episode_id=102'));
  });

  it('advances to the next episode at the end', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    fireEvent.ended(await player());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('episode_id=102'));
  });

  it('opens the unlock dialog with the prices when a locked episode comes up', async () => {
    setSession({ token: 'tok', userInfo: testUser() });
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=102');
    await player();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    const dialog = await screen.findByTestId('unlock-dialog');
    expect(dialog).toHaveTextContent('Episode 3 is locked');
    expect(screen.getByTestId('unlock-price-episode')).toHaveTextContent('Unlock this episode: 30 coins');
    expect(screen.getByTestId('unlock-price-all')).toHaveTextContent('Unlock all remaining (2 episodes): 50 coins');
    expect(screen.getByTestId('unlock-balance')).toHaveTextContent('120 coins');
    expect(screen.queryByTestId('video-player')).toBeNull();

    fireEvent.click(screen.getByTestId('unlock-close'));
    expect(screen.queryByTestId('unlock-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('video-open-unlock'));
    expect(screen.getByTestId('unlock-dialog')).toBeInTheDocument();
  });

  it('does not preload a locked next episode', async () => {
    const api = catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=102');
    await player();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('GET /episodes/103/play')).toHaveLength(0);
    expect(screen.queryByTestId('video-preload')).toBeNull();
  });

  it.each([
    ['/pages/video/mobileVideoIndex', {}],
    ['/pages/video/mobileVideoIndex?drama_id=abc', {}],
    ['/pages/video/mobileVideoIndex?drama_id=7', { 'GET /dramas/7': { code: 10002 } }],
    ['/pages/video/mobileVideoIndex?drama_id=7&episode_id=101', { 'GET /episodes/101/play': { code: 10002 } }],
    [
      '/pages/video/mobileVideoIndex?drama_id=7&episode_id=101',
      { 'GET /episodes/101/play': { code: 200, data: playback(1, { playlist_url: '' }) } },
    ],
  ] as const)('says "Invalid video" at %s', async (path, extra) => {
    catalogueApi(extra);
    open(path);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid video');
  });

  it('says "Failed to load video" on a fatal network error and "Playback failed" after one media recovery', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    await player();
    const hls = hlsFor(101);
    act(() => hls.emit(Events.ERROR, { fatal: true, type: 'mediaError', details: 'bufferStalledError' }));
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('video-error')).toBeNull();
    act(() => hls.emit(Events.ERROR, { fatal: true, type: 'mediaError', details: 'bufferStalledError' }));
    expect(await screen.findByTestId('video-error')).toHaveTextContent('Playback failed');
  });

  it('maps a fatal manifest load failure to "Failed to load video"', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    await player();
    act(() => hlsFor(101).emit(Events.ERROR, { fatal: true, type: 'networkError', details: 'manifestLoadError' }));
    expect(await screen.findByTestId('video-error')).toHaveTextContent('Failed to load video');
  });

  it('a failing segment: a spinner while hls.js retries, then "Failed to load video" with retry within the stall window', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    await player();
    const hls = hlsFor(101);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => {
        hls.emit(Events.ERROR, { fatal: false, type: 'networkError', details: 'fragLoadError' });
      });
      expect(screen.getByTestId('video-buffering')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(STALL_ERROR_MS - 1);
      });
      expect(screen.queryByTestId('video-error')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByTestId('video-error')).toHaveTextContent('Failed to load video');
      expect(screen.getByTestId('video-retry')).toBeInTheDocument();
      expect(screen.queryByTestId('video-buffering')).toBeNull();
      expect(hls.stopLoad).toHaveBeenCalled();
      expect(STALL_ERROR_MS).toBeLessThanOrEqual(8_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a stall mid-episode: waiting shows the spinner; the playhead moving again clears it, staying stuck errors', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    const video = await player();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => {
        fireEvent(video, new Event('waiting'));
      });
      expect(screen.getByTestId('video-buffering')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(STALL_ERROR_MS / 2);
      });
      Object.defineProperty(video, 'currentTime', { configurable: true, value: 3 });
      act(() => {
        fireEvent(video, new Event('timeupdate'));
      });
      expect(screen.queryByTestId('video-buffering')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(STALL_ERROR_MS);
      });
      expect(screen.queryByTestId('video-error')).toBeNull();
      act(() => {
        fireEvent(video, new Event('waiting'));
      });
      act(() => {
        vi.advanceTimersByTime(STALL_ERROR_MS);
      });
      expect(screen.getByTestId('video-error')).toHaveTextContent('Failed to load video');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "Playback failed" when play() is refused for another reason than autoplay', async () => {
    play.mockRejectedValue(new DOMException('decode', 'NotSupportedError'));
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    expect(await screen.findByTestId('video-error')).toHaveTextContent('Playback failed');
  });

  it('starts muted with an unmute button when unmuted autoplay is refused', async () => {
    play.mockRejectedValueOnce(new DOMException('gesture', 'NotAllowedError')).mockResolvedValue(undefined);
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    const video = await player();
    fireEvent.click(await screen.findByTestId('video-unmute'));
    expect(video.muted).toBe(false);
    expect(screen.queryByTestId('video-unmute')).toBeNull();
  });

  it('switches quality at once through hls.currentLevel and shows the playing level', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    const video = await player();
    const hls = hlsFor(101);
    act(() => hls.emit(Events.MANIFEST_PARSED, { levels: hls.levels }));
    act(() => hls.emit(Events.LEVEL_SWITCHED, { level: 1 }));
    expect(video).toHaveAttribute('data-level', '1280');

    fireEvent.click(screen.getByTestId('video-settings'));
    fireEvent.click(screen.getByTestId('quality-option-sd'));
    expect(hls.currentLevelSwitches).toEqual([0]);
    expect(localStorage.getItem(PREFERENCE_KEYS.quality)).toBe('sd');
    act(() => hls.emit(Events.LEVEL_SWITCHED, { level: 0 }));
    expect(video).toHaveAttribute('data-level', '854');

    fireEvent.click(screen.getByTestId('quality-option-auto'));
    expect(hls.loadLevel).toBe(-1);
  });

  it('starts on the remembered quality', async () => {
    localStorage.setItem(PREFERENCE_KEYS.quality, 'hd');
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    await player();
    const hls = hlsFor(101);
    act(() => hls.emit(Events.MANIFEST_PARSED, { levels: hls.levels }));
    expect(hls.startLevel).toBe(1);
    expect(hls.loadLevel).toBe(1);
    expect(hls.currentLevelSwitches).toEqual([]);
  });

  it('shows subtitles in the interface language, switches and remembers, and toasts a failed track', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    const video = await player();
    const tracks = [...video.querySelectorAll('track')];
    expect(tracks.map((t) => [t.kind, t.srclang])).toEqual([
      ['subtitles', 'zh'],
      ['subtitles', 'en'],
      ['subtitles', 'tr'],
    ]);
    const modes = () => tracks.map((t) => t.track.mode);
    await waitFor(() => expect(modes()).toEqual(['disabled', 'showing', 'disabled']));

    fireEvent.click(screen.getByTestId('video-settings'));
    fireEvent.click(screen.getByTestId('subtitle-option-tr'));
    expect(modes()).toEqual(['disabled', 'disabled', 'showing']);
    expect(localStorage.getItem(PREFERENCE_KEYS.subtitles)).toBe('tr');
    fireEvent.click(screen.getByTestId('subtitle-option-off'));
    expect(modes()).toEqual(['disabled', 'disabled', 'disabled']);

    fireEvent.error(tracks[0]!);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to load subtitles');
  });

  it('uses native HLS where Media Source Extensions are missing, with only "Auto"', async () => {
    FakeHls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    const video = await player();
    await waitFor(() => expect(video.getAttribute('src')).toContain('/1/master.m3u8'));
    expect(FakeHls.instances).toHaveLength(0);
    fireEvent.click(screen.getByTestId('video-settings'));
    expect(screen.getByTestId('quality-option-auto')).toBeInTheDocument();
    expect(screen.queryByTestId('quality-option-hd')).toBeNull();
  });

  it('tap pauses and shows the play mark', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    const video = await player();
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
    fireEvent.click(video);
    expect(pause).toHaveBeenCalled();
    Object.defineProperty(video, 'paused', { configurable: true, get: () => true });
    fireEvent.pause(video);
    expect(await screen.findByTestId('video-paused')).toBeInTheDocument();
  });

  it('asks a visitor to sign in before liking', async () => {
    const api = catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    await player();
    fireEvent.click(screen.getByTestId('video-like'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/pages/login/index?redirect=');
    expect(api.callsTo('PUT /episodes/101/like')).toHaveLength(0);
  });

  it('likes and favourites for a signed-in viewer, and saves progress', async () => {
    setSession({ token: 'tok', userInfo: testUser() });
    const api = catalogueApi({
      'PUT /episodes/101/like': { code: 200, data: { liked: true, likes: 6 } },
      'PUT /favorites/7': { code: 200, data: { favorited: true } },
      'PUT /history': { code: 200, data: { drama_id: 7, episode_id: 101, position_s: 3 } },
    });
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101');
    const video = await player();
    fireEvent.click(screen.getByTestId('video-like'));
    await waitFor(() => expect(screen.getByTestId('video-like-count')).toHaveTextContent('6'));
    expect(screen.getByTestId('video-like')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('video-favorite'));
    await waitFor(() => expect(screen.getByTestId('video-favorite')).toHaveAttribute('aria-pressed', 'true'));
    expect(api.callsTo('PUT /favorites/7')).toHaveLength(1);

    Object.defineProperty(video, 'currentTime', { configurable: true, get: () => 3 });
    fireEvent.playing(video);
    fireEvent.pause(video);
    await waitFor(() => expect(api.callsTo('PUT /history')[0]?.body).toEqual({ episode_id: 101, position_s: 3 }));
  });
});

describe('desktop video page', () => {
  it('shows the drama, the episode grid with locks and prices, and the comments', async () => {
    catalogueApi();
    open('/pages/video/index?drama_id=7&episode_id=101', DESKTOP);
    await player();
    expect(screen.getByTestId('video-title')).toHaveTextContent('The Last Train');
    expect(screen.getByText('Two strangers and a night train.')).toBeInTheDocument();
    expect(screen.getByTestId('episode-tile-1')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('episode-tile-3')).toHaveAttribute('data-locked', 'true');
    expect(screen.getByTestId('episode-tile-3')).toHaveTextContent('30');
    expect(screen.getByTestId('video-download')).toHaveAttribute('href', playback(1).download_url);
    expect(await screen.findByTestId('comments-panel')).toBeInTheDocument();
  });

  it('opens the unlock dialog from a locked tile; a visitor gets the sign-in button', async () => {
    catalogueApi({ 'GET /episodes/103/play': { code: 30002, data: lockedData(3, { signed_in: false, coin: 0 }) } });
    open('/pages/video/index?drama_id=7&episode_id=101', DESKTOP);
    await player();
    fireEvent.click(screen.getByTestId('episode-tile-3'));
    expect(await screen.findByTestId('unlock-dialog')).toHaveTextContent('Unlock this episode: 30 coins');
    expect(screen.getByTestId('unlock-sign-in')).toBeInTheDocument();
    expect(screen.queryByTestId('unlock-episode')).toBeNull();
  });

  it('puts the action rail beside the player, not over it, and the synopsis and episode grid in a side panel', async () => {
    catalogueApi();
    open('/pages/video/index?drama_id=7&episode_id=101', DESKTOP);
    await player();
    expect(screen.getByTestId('video-screen')).toHaveAttribute('data-layout', 'desktop');
    const stage = screen.getByRole('region', { name: 'Video player' });
    const rail = screen.getByTestId('video-rail');
    expect(stage.contains(rail)).toBe(false);
    expect(rail.contains(stage)).toBe(false);
    for (const action of ['video-like', 'video-favorite', 'video-comments', 'video-share', 'video-download']) {
      expect(within(rail).getByTestId(action)).toBeInTheDocument();
    }
    // The grid is always open beside the player: no button for a sheet of it.
    expect(screen.queryByTestId('video-episodes')).toBeNull();
    const panel = screen.getByTestId('video-side-panel');
    expect(stage.contains(panel)).toBe(false);
    expect(within(panel).getByTestId('video-synopsis')).toHaveTextContent('Two strangers and a night train.');
    // The drama's facts beside the player, as its sheet shows them: 4 × 10 s, 2 free, 30 or 50 for both locked.
    const facts = within(panel).getByTestId('drama-facts');
    expect(within(facts).getByTestId('drama-fact-runtime')).toHaveTextContent('40 sec');
    expect(within(facts).getByTestId('drama-fact-free')).toHaveTextContent('2 of 4');
    expect(within(facts).getByTestId('drama-price-episode')).toHaveTextContent('30 coins');
    expect(within(facts).getByTestId('drama-price-all')).toHaveTextContent('50 coins for 2 episodes');
    const grid = within(panel).getByTestId('episode-grid');
    expect(within(grid).getByTestId('episode-tile-1')).toHaveAttribute('aria-current', 'true');
    expect(within(grid).getByTestId('episode-tile-2')).toHaveAttribute('data-state', 'free');
    expect(within(grid).getByTestId('episode-tile-3')).toHaveAttribute('data-state', 'locked');
    expect(within(grid).getByTestId('episode-tile-3')).toHaveAccessibleName('Episode 3, locked, 30 coins');
  });

  it('plays the episode picked in the side panel, without opening a sheet', async () => {
    catalogueApi();
    open('/pages/video/index?drama_id=7&episode_id=101', DESKTOP);
    await player();
    fireEvent.click(screen.getByTestId('episode-tile-2'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('episode_id=102'));
    await waitFor(() => expect(screen.getByTestId('video-player')).toHaveAttribute('data-episode-id', '102'));
    expect(screen.getByTestId('episode-tile-2')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByTestId('episodes-sheet')).toBeNull();
  });

  it("the rail's comments button moves to the comments in the panel", async () => {
    catalogueApi();
    open('/pages/video/index?drama_id=7&episode_id=101', DESKTOP);
    await player();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.click(screen.getByTestId('video-comments'));
    const heading = screen.getByRole('heading', { name: 'Comments (0)' });
    expect(heading).toHaveFocus();
    expect(scrolled.mock.contexts).toEqual([heading]);
    expect(screen.queryByTestId('comments-sheet')).toBeNull();
  });

  it('toggles pause with Space', async () => {
    catalogueApi();
    open('/pages/video/index?drama_id=7&episode_id=101', DESKTOP);
    const video = await player();
    Object.defineProperty(video, 'paused', { configurable: true, get: () => true });
    play.mockClear();
    fireEvent.keyDown(window, { key: ' ', code: 'Space' });
    expect(play).toHaveBeenCalledTimes(1);
  });
});

describe('the video page at either width', () => {
  it.each([
    ['/pages/video/mobileVideoIndex', DESKTOP, 'desktop'],
    ['/pages/video/index', PHONE, 'phone'],
  ] as const)('lays %s out for the window it is in (%i px: %s)', async (path, width, layout) => {
    catalogueApi();
    open(`${path}?drama_id=7&episode_id=101`, width);
    await player();
    expect(screen.getByTestId('video-screen')).toHaveAttribute('data-layout', layout);
    expect(screen.queryByTestId('video-episodes') === null).toBe(layout === 'desktop');
  });

  it('changes layout when the window crosses the mobile flag, on the same episode', async () => {
    catalogueApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=102', PHONE);
    await player();
    setWidth(961);
    expect(screen.getByTestId('video-screen')).toHaveAttribute('data-layout', 'desktop');
    expect((await player()).getAttribute('data-episode-id')).toBe('102');
    setWidth(960);
    expect(screen.getByTestId('video-screen')).toHaveAttribute('data-layout', 'phone');
  });
});

describe('download while there is nothing to download yet', () => {
  it.each([PHONE, DESKTOP])(
    'at %i px, on a locked episode: dimmed, says "Unlock this episode to download", and a tap says it',
    async (width) => {
      setSession({ token: 'tok', userInfo: testUser() });
      catalogueApi();
      open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=103', width);
      await screen.findByTestId('unlock-dialog');
      fireEvent.click(screen.getByTestId('unlock-close'));
      const download = screen.getByTestId('video-download');
      expect(download).toHaveAttribute('aria-disabled', 'true');
      expect(download).not.toHaveAttribute('href');
      expect(download).toHaveAccessibleName('Download');
      expect(download).toHaveAccessibleDescription('Unlock this episode to download');
      expect(download).toHaveAttribute('title', 'Unlock this episode to download');
      fireEvent.click(download);
      expect(await screen.findByTestId('toast')).toHaveTextContent('Unlock this episode to download');
    },
  );

  it.each([PHONE, DESKTOP])(
    'at %i px, while the episode loads: says it is loading, then becomes the link',
    async (width) => {
      let answer: (value: Answer) => void = () => undefined;
      catalogueApi({
        'GET /episodes/101/play': () =>
          new Promise<Answer>((resolve) => {
            answer = resolve;
          }),
      });
      open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=101', width);
      const download = await screen.findByTestId('video-download');
      expect(download).toHaveAttribute('aria-disabled', 'true');
      expect(download).toHaveAccessibleDescription('Loading… download is ready once the episode loads');
      fireEvent.click(download);
      expect(await screen.findByTestId('toast')).toHaveTextContent('Loading… download is ready once the episode loads');
      act(() => answer({ code: 200, data: playback(1) }));
      await waitFor(() =>
        expect(screen.getByTestId('video-download')).toHaveAttribute('href', playback(1).download_url),
      );
      expect(screen.getByTestId('video-download')).not.toHaveAttribute('aria-disabled');
    },
  );

  it('in Chinese and Turkish too', async () => {
    onTestFinished(() => void i18n.changeLanguage('en'));
    setSession({ token: 'tok', userInfo: testUser() });
    catalogueApi();
    await act(() => i18n.changeLanguage('zh'));
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=103', DESKTOP);
    expect(await screen.findByTestId('video-download-reason')).toHaveTextContent('解锁本集后即可下载');
    await act(() => i18n.changeLanguage('tr'));
    // The drama and the episode are asked again in Turkish; then the reason is said in it.
    await waitFor(() =>
      expect(screen.getByTestId('video-download-reason')).toHaveTextContent('İndirmek için bu bölümün kilidini açın'),
    );
  });
});
