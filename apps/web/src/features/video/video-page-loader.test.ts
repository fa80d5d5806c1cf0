import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as EarlyPlayer from '../../lib/player/early-player';
import { setSession } from '../../lib/session';
import { stubApi, type Route } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { inlineBootstrap, removeBootstrap } from '../../test/page-bootstrap';
import { testQueryClient } from '../../test/render';
import { prefetchInterstitialAd } from './ads/get-interstitial-ad';
import { dramaQueryOptions } from './api/get-drama';
import { playbackQueryOptions } from './api/play-episode';
import { drama, episode, houseAd, playback } from './test/fixtures';
import { loadVideoPage } from './video-page-loader';

const startEarlyPlayer = vi.hoisted(() => vi.fn((_start: EarlyPlayer.EarlyStart) => Promise.resolve()));
const dropEarlyPlayer = vi.hoisted(() => vi.fn());
vi.mock('../../lib/player/early-player', async (importOriginal) => ({
  ...(await importOriginal<typeof EarlyPlayer>()),
  startEarlyPlayer,
  dropEarlyPlayer,
}));

const NO_AD = { code: 200, data: { ad: null, rewarded_today: 0, rewarded_daily_cap: 5 } };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const never: Route = () => new Promise(() => undefined);

afterEach(() => {
  removeBootstrap();
  startEarlyPlayer.mockClear();
  dropEarlyPlayer.mockClear();
});

describe('video page loader', () => {
  it("puts a visitor's drama and playback from the HTML in the cache, and starts the player with the ad decision", async () => {
    const api = stubApi({ 'GET /ads/next': NO_AD });
    const first = playback(1);
    inlineBootstrap({ lang: 'en', drama: drama(), playback: first });
    const queryClient = testQueryClient();
    await loadVideoPage(queryClient, '?drama_id=7', 'phone');
    expect(queryClient.getQueryData(dramaQueryOptions(7, 'en').queryKey)).toEqual(drama());
    expect(queryClient.getQueryData(playbackQueryOptions(101, 'en').queryKey)).toEqual(first);
    expect(api.callsTo('GET /dramas/7')).toHaveLength(0);
    expect(api.callsTo('GET /episodes/101/play')).toHaveLength(0);
    expect(startEarlyPlayer).toHaveBeenCalledTimes(1);
    const start = startEarlyPlayer.mock.calls[0]![0];
    expect(start).toMatchObject({ src: playback(1).playlist_url, episodeId: 101 });
    expect(await start.adDecision).toBeNull();
    expect(api.callsTo('GET /ads/next').map((call) => call.query.get('episode_id'))).toEqual(['101']);
    await flush();
    expect(dropEarlyPlayer).not.toHaveBeenCalled();
  });

  it('takes the pre-roll decision the HTML carries: the player waits for no request', async () => {
    const api = stubApi({ 'GET /ads/next': never });
    inlineBootstrap({ lang: 'en', drama: drama(), playback: playback(1), nextAd: NO_AD.data });
    await loadVideoPage(testQueryClient(), '?drama_id=7', 'phone');
    expect(await startEarlyPlayer.mock.calls[0]![0].adDecision).toBeNull();
    expect(api.callsTo('GET /ads/next')).toHaveLength(0);
  });

  it('an ad the HTML carries is the one the page shows, and the early player leaves it to the page', async () => {
    const api = stubApi({ 'GET /ads/next': never });
    const ad = houseAd();
    inlineBootstrap({ lang: 'en', drama: drama(), playback: playback(1), nextAd: { ...NO_AD.data, ad } });
    const queryClient = testQueryClient();
    await loadVideoPage(queryClient, '?drama_id=7', 'phone');
    expect(await startEarlyPlayer.mock.calls[0]![0].adDecision).toEqual(ad);
    expect(queryClient.getQueryData(['video', 'ad', 101])).toEqual(ad);
    expect(api.callsTo('GET /ads/next')).toHaveLength(0);
  });

  it('asks for the decision of an episode other than the one the HTML decided for', async () => {
    const api = stubApi({ 'GET /ads/next': NO_AD });
    inlineBootstrap({ lang: 'en', drama: drama(), playback: playback(1), nextAd: NO_AD.data });
    const queryClient = testQueryClient();
    await loadVideoPage(queryClient, '?drama_id=7&episode_id=102', 'phone');
    await flush();
    expect(api.callsTo('GET /ads/next').map((call) => call.query.get('episode_id'))).toEqual(['102']);
  });

  it('only loads the player early on the desktop page, which lays it out beside the episode list', async () => {
    stubApi({ 'GET /ads/next': NO_AD });
    inlineBootstrap({ lang: 'en', drama: drama(), playback: playback(2) });
    await loadVideoPage(testQueryClient(), '?drama_id=7&episode_id=102', 'desktop');
    expect(startEarlyPlayer).toHaveBeenCalledWith({ src: playback(2).playlist_url, episodeId: 102, adDecision: null });
  });

  it('asks the API for a signed-in viewer, whose answers carry their own locks and progress', async () => {
    setSession({ token: 'tok', userInfo: testUser() });
    const api = stubApi({
      'GET /dramas/7': { code: 200, data: drama() },
      'GET /episodes/101/play': { code: 200, data: playback(1) },
      'GET /ads/next': NO_AD,
    });
    inlineBootstrap({ lang: 'en', drama: drama(), playback: playback(1) });
    const queryClient = testQueryClient();
    await loadVideoPage(queryClient, '?drama_id=7', 'phone');
    await flush();
    expect(api.callsTo('GET /dramas/7')).toHaveLength(1);
    expect(api.callsTo('GET /episodes/101/play')).toHaveLength(1);
    expect(startEarlyPlayer).not.toHaveBeenCalled();
    // Whatever the entry started from the HTML goes: the page plays the viewer's own answer.
    await vi.waitFor(() => expect(dropEarlyPlayer).toHaveBeenCalledTimes(1));
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(playbackQueryOptions(101, 'en').queryKey)?.playlist_url).toBe(
        playback(1).playlist_url,
      ),
    );
  });

  it('starts the asked episode with the drama, and waits for neither', async () => {
    const api = stubApi({ 'GET /dramas/7': never, 'GET /episodes/103/play': never, 'GET /ads/next': never });
    await loadVideoPage(testQueryClient(), '?drama_id=7&episode_id=103', 'phone');
    expect(api.callsTo('GET /dramas/7')).toHaveLength(1);
    expect(api.callsTo('GET /episodes/103/play')).toHaveLength(1);
    expect(api.callsTo('GET /ads/next')[0]?.query.get('episode_id')).toBe('103');
  });

  it('without an episode, asks for the one to resume once the drama is known', async () => {
    const api = stubApi({
      'GET /dramas/7': { code: 200, data: drama({ progress: { episode_id: 102, position_s: 3 } }) },
      'GET /episodes/102/play': { code: 200, data: playback(2) },
      'GET /ads/next': NO_AD,
    });
    await loadVideoPage(testQueryClient(), '?drama_id=7', 'phone');
    await vi.waitFor(() => expect(api.callsTo('GET /episodes/102/play')).toHaveLength(1));
    expect(api.callsTo('GET /ads/next')[0]?.query.get('episode_id')).toBe('102');
  });

  it('leaves a locked episode to the page (its 30002 opens the unlock dialog), and a page without a drama alone', async () => {
    const api = stubApi({ 'GET /dramas/7': { code: 200, data: drama({ episodes: [episode(1, { locked: true })] }) } });
    await loadVideoPage(testQueryClient(), '?drama_id=7', 'phone');
    await flush();
    expect(api.callsTo('GET /dramas/7')).toHaveLength(1);
    await loadVideoPage(testQueryClient(), '?episode_id=3', 'phone');
    await flush();
    expect(api.calls.map((call) => call.path)).toEqual(['/dramas/7']);
  });
});

describe('pre-roll decision asked before the page', () => {
  it('is kept until the page observes it, asked once; once the page moves on it goes', async () => {
    const api = stubApi({ 'GET /ads/next': NO_AD });
    const queryClient = testQueryClient();
    await expect(prefetchInterstitialAd(queryClient, 101)).resolves.toBeNull();
    await flush(); // a query nobody observes would be dropped by now
    const key = ['video', 'ad', 101];
    expect(queryClient.getQueryState(key)?.status).toBe('success');

    const page = new QueryObserver(queryClient, { queryKey: key, staleTime: Infinity, gcTime: 0 });
    const stop = page.subscribe(() => undefined);
    expect(page.getCurrentResult().data).toBeNull();
    expect(api.callsTo('GET /ads/next')).toHaveLength(1);
    stop();
    await flush();
    expect(queryClient.getQueryState(key)).toBeUndefined();
  });
});
