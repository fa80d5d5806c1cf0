import type { Ad, NextAd } from '@cliffhanger/contract/browser';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session';
import { stubApi, type Route } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { VideoPage } from '../pages/video-page';
import type * as HlsModule from '../../../lib/player/hls';
import { FakeHls, installTextTracks } from '../../../test/fake-hls';
import { drama, episode, houseAd, page, playback } from '../test/fixtures';
import { HouseAdPlayer } from './house-ad-player';

vi.mock('../../../lib/player/hls', async (importOriginal) => {
  const { FakeHls: Fake } = await import('../../../test/fake-hls');
  return { ...(await importOriginal<typeof HlsModule>()), Hls: Fake };
});

beforeEach(() => {
  FakeHls.reset();
  installTextTracks();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const next = (ad: Ad | null): NextAd => ({ ad, rewarded_today: 0, rewarded_daily_cap: 5 });

function openVideo(ads: Route, mobile = true, detail = drama()) {
  const api = stubApi({
    'GET /dramas/7': { code: 200, data: detail },
    'GET /episodes/101/play': { code: 200, data: playback(1) },
    'GET /episodes/102/play': { code: 200, data: playback(2) },
    'GET /episodes/101/comments': { code: 200, data: page([]) },
    'GET /ads/next': ads,
  });
  const path = mobile ? '/pages/video/mobileVideoIndex' : '/pages/video/index';
  // The window's width picks the page's layout.
  window.innerWidth = mobile ? 390 : 1280;
  renderRoutes([{ path, element: <VideoPage /> }], {
    initialEntries: [`${path}?drama_id=7&episode_id=101`],
  });
  return api;
}

describe('house ad player', () => {
  it('counts down 5 s, then offers the skip, which lets the episode go', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<HouseAdPlayer ad={houseAd()} onDone={onDone} />);
    expect(FakeHls.last().src).toBe('/media/9/promo/master.m3u8?sig=x');
    expect(screen.getByTestId('house-ad')).toHaveTextContent('Promo · Moonlit Vows');
    for (const left of [5, 4, 3, 2, 1]) {
      expect(screen.getByTestId('house-ad-countdown')).toHaveTextContent(`Skip in ${left} s`);
      expect(screen.queryByTestId('house-ad-skip')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(screen.queryByTestId('house-ad-countdown')).toBeNull();
    fireEvent.click(screen.getByTestId('house-ad-skip'));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('ends by itself at the end of the clip', () => {
    const onDone = vi.fn();
    render(<HouseAdPlayer ad={houseAd()} onDone={onDone} />);
    fireEvent.ended(screen.getByTestId('house-ad-video'));
    expect(onDone).toHaveBeenCalled();
  });
});

describe('pre-roll before an episode', () => {
  it.each([true, false])('shows the house ad the server chose first, then the episode (mobile %s)', async (mobile) => {
    const api = openVideo({ code: 200, data: next(houseAd({ skippable_after_s: 0 })) }, mobile);
    expect(await screen.findByTestId('house-ad')).toBeInTheDocument();
    expect(screen.queryByTestId('video-player')).toBeNull();
    const call = api.callsTo('GET /ads/next')[0]!;
    expect(call.query.get('kind')).toBe('interstitial');
    expect(call.query.get('episode_id')).toBe('101');
    await userEvent.click(screen.getByTestId('house-ad-skip'));
    expect(await screen.findByTestId('video-player')).toHaveAttribute('data-episode-id', '101');
    expect(screen.queryByTestId('house-ad')).toBeNull();
  });

  it('plays the episode at once when there is no ad (or it cannot be fetched)', async () => {
    openVideo({ code: 200, data: next(null) });
    expect(await screen.findByTestId('video-player')).toHaveAttribute('data-episode-id', '101');
    expect(screen.queryByTestId('house-ad')).toBeNull();
  });

  it('buffers the episode while the ad is being decided, and plays it once there is none', async () => {
    let answer: (value: { code: number; data: NextAd }) => void = () => undefined;
    openVideo(() => new Promise((resolve) => (answer = resolve)));
    // Held: the episode's player exists and loads its playlist, hidden, and nothing plays yet.
    const held = await screen.findByTestId('video-preload');
    expect(held).toHaveAttribute('data-episode-id', '101');
    expect(FakeHls.instances.some((hls) => hls.src === playback(1).playlist_url)).toBe(true);
    expect(screen.queryByTestId('video-player')).toBeNull();
    expect(screen.getByTestId('video-buffering')).toBeInTheDocument();
    act(() => answer({ code: 200, data: next(null) }));
    // The same element plays: the buffered start is kept.
    expect(await screen.findByTestId('video-player')).toBe(held);
    expect(screen.queryByTestId('house-ad')).toBeNull();
  });

  it('never asks for an ad before a paid episode the viewer has unlocked (no ad right after a payment)', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const paid = drama({
      free_episodes: 0,
      episodes: [episode(1, { free: false, locked: false, price: 30 }), episode(2, { free: false, locked: false, price: 30 })],
    });
    const api = openVideo({ code: 200, data: next(houseAd()) }, true, paid);
    expect(await screen.findByTestId('video-player')).toHaveAttribute('data-episode-id', '101');
    expect(screen.queryByTestId('house-ad')).toBeNull();
    expect(api.callsTo('GET /ads/next')).toHaveLength(0);
  });

  it('never asks for an ad for a VIP member', async () => {
    setSession({ token: 't', userInfo: testUser({ vip: { active: true, expires_at: '2099-01-01T00:00:00.000Z' } }) });
    const api = openVideo({ code: 200, data: next(houseAd()) });
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(screen.queryByTestId('house-ad')).toBeNull();
    expect(api.callsTo('GET /ads/next')).toHaveLength(0);
  });
});
