import { peekPendingUnlock, rememberPendingUnlock } from '../../../lib/payments/pending-unlock';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../../../lib/session';
import { stubApi, type Route } from '../../../test/fake-api';
import { testCoinPacks, testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import type * as HlsModule from '../../../lib/player/hls';
import { PREFERENCE_KEYS } from '../player/preferences';
import { FakeHls, installTextTracks } from '../../../test/fake-hls';
import { drama, episode, lockedData, page, playback } from '../test/fixtures';
import { VideoPage } from '../pages/video-page';

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
afterEach(() => vi.restoreAllMocks());

/**
 * The demo drama of the fixtures: episodes 1-2 free, 3-4 locked at 30 coins (all: 50). POST
 * /unlock answers `unlockAnswer`; once it succeeded, episode 3 plays and the drama shows it open.
 */
function coinsApi({
  coin = 120,
  signedIn = true,
  unlockAnswer = { code: 200, data: { unlocked_episode_ids: [103], cost: 30, balance: coin - 30 } },
}: { coin?: number; signedIn?: boolean; unlockAnswer?: Route } = {}) {
  let unlocked = false;
  const api = stubApi({
    'GET /dramas/7': () => ({
      code: 200,
      data: drama({ episodes: [episode(1), episode(2), episode(3, { locked: !unlocked }), episode(4)] }),
    }),
    'GET /episodes/101/play': { code: 200, data: playback(1) },
    'GET /episodes/102/play': { code: 200, data: playback(2) },
    'GET /episodes/103/play': () =>
      unlocked
        ? { code: 200, data: playback(3) }
        : { code: 30002, data: lockedData(3, { coin: signedIn ? coin : 0, signed_in: signedIn }) },
    'GET /episodes/101/comments': { code: 200, data: page([]) },
    'GET /episodes/102/comments': { code: 200, data: page([]) },
    'GET /episodes/103/comments': { code: 200, data: page([]) },
    'GET /coin/type': { code: 200, data: testCoinPacks() },
    'POST /unlock': async (call) => {
      const answer = typeof unlockAnswer === 'function' ? await unlockAnswer(call) : unlockAnswer;
      if ('code' in answer && (answer.code === 200 || answer.code === 10019)) unlocked = true;
      return answer;
    },
  });
  return api;
}

function signIn(coin = 120) {
  setSession({ token: 'tok', userInfo: testUser({ coin }) });
}

function autoUnlock(on: boolean) {
  localStorage.setItem(PREFERENCE_KEYS.autoUnlock, on ? 'true' : 'false');
}

function open(path: string, mobile = true) {
  // The window's width picks the page's layout.
  window.innerWidth = mobile ? 390 : 1280;
  return renderRoutes(
    [
      {
        path: mobile ? '/pages/video/mobileVideoIndex' : '/pages/video/index',
        element: (
          <>
            <VideoPage />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
}

const playing = (episodeId: number) =>
  waitFor(() => expect(screen.getByTestId('video-player')).toHaveAttribute('data-episode-id', String(episodeId)));

async function fromEpisodeTwo() {
  open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=102');
  await playing(102);
}

describe('unlocking from the dialog', () => {
  it('a purchase updates the stored balance, closes the dialog and plays the episode at once', async () => {
    signIn(120);
    const api = coinsApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=103');
    expect(await screen.findByTestId('unlock-balance')).toHaveTextContent('Your balance: 120 coins');
    fireEvent.click(screen.getByTestId('unlock-episode'));

    await playing(103);
    expect(screen.queryByTestId('unlock-dialog')).toBeNull();
    expect(api.callsTo('POST /unlock').map((call) => call.body)).toEqual([{ episode_id: 103 }]);
    expect(getSession().userInfo?.coin).toBe(90);
    // The drama was refetched: its tile for episode 3 is open now.
    expect(api.callsTo('GET /dramas/7').length).toBeGreaterThanOrEqual(2);
  });

  it('"all" asks for the drama; 30001 says it was refused, by how many coins, and offers the smallest pack that covers it', async () => {
    signIn(40);
    const api = coinsApi({ coin: 40, unlockAnswer: { code: 30001, data: { shortfall: 10, balance: 40, cost: 50 } } });
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=103');
    await screen.findByTestId('unlock-dialog');
    fireEvent.click(screen.getByTestId('unlock-all'));
    expect(await screen.findByTestId('unlock-shortfall')).toHaveTextContent('Not unlocked: you need 10 more coins');
    expect(api.callsTo('POST /unlock')[0]?.body).toEqual({ drama_id: 7, all: true });
    expect(screen.queryByTestId('toast')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('unlock-buy-pack')).toHaveAttribute('data-pack', 'coins_100'));
    expect(api.callsTo('GET /coin/type')[0]?.query.get('currency')).toBe('USD');
    // The single episode is still affordable; "all" is not offered again while short of it.
    expect(screen.getByTestId('unlock-episode')).toBeEnabled();
    expect(screen.queryByTestId('unlock-all')).toBeNull();
  });

  it('another refusal toasts "Unlock Failed" and the dialog stays', async () => {
    signIn(120);
    coinsApi({ unlockAnswer: { code: 10000 } });
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=103');
    fireEvent.click(await screen.findByTestId('unlock-episode'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Unlock Failed');
    expect(screen.getByTestId('unlock-dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('video-player')).toBeNull();
  });
});

describe('auto-unlock next episode', () => {
  it('on, with enough coins: the next locked episode is bought (single) without the dialog and plays', async () => {
    signIn(120);
    autoUnlock(true);
    const api = coinsApi();
    await fromEpisodeTwo();
    fireEvent.keyDown(window, { key: 'ArrowDown' });

    await playing(103);
    expect(api.callsTo('POST /unlock').map((call) => call.body)).toEqual([{ episode_id: 103 }]);
    expect(screen.queryByTestId('unlock-dialog')).toBeNull();
    expect(screen.getByTestId('toast')).toHaveTextContent('Episode 3 unlocked for 30 coins');
    expect(getSession().userInfo?.coin).toBe(90);
  });

  it('on: also when an episode ends and the next one is locked', async () => {
    signIn(120);
    autoUnlock(true);
    const api = coinsApi();
    await fromEpisodeTwo();
    fireEvent.ended(screen.getByTestId('video-player'));
    await playing(103);
    expect(api.callsTo('POST /unlock')).toHaveLength(1);
  });

  it('on: also from the episode grid on the desktop page', async () => {
    signIn(120);
    autoUnlock(true);
    const api = coinsApi();
    open('/pages/video/index?drama_id=7&episode_id=101', false);
    await playing(101);
    fireEvent.click(screen.getByTestId('episode-tile-3'));
    await playing(103);
    expect(api.callsTo('POST /unlock').map((call) => call.body)).toEqual([{ episode_id: 103 }]);
    expect(screen.queryByTestId('unlock-dialog')).toBeNull();
  });

  it('off (the default): the dialog asks and nothing is bought', async () => {
    signIn(120);
    const api = coinsApi();
    await fromEpisodeTwo();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(await screen.findByTestId('unlock-dialog')).toHaveTextContent('Episode 3 is locked');
    expect(api.callsTo('POST /unlock')).toHaveLength(0);
  });

  it('on, but not enough coins: the dialog opens with the shortfall and the covering pack', async () => {
    signIn(20);
    autoUnlock(true);
    const api = coinsApi({ coin: 20 });
    await fromEpisodeTwo();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(await screen.findByTestId('unlock-shortfall')).toHaveTextContent('You need 10 more coins');
    await screen.findByTestId('unlock-buy-pack');
    expect(api.callsTo('POST /unlock')).toHaveLength(0);
  });

  it('on, but the purchase is refused (30001 meanwhile): the dialog takes over with the shortfall', async () => {
    signIn(120);
    autoUnlock(true);
    coinsApi({ unlockAnswer: { code: 30001, data: { shortfall: 25, balance: 5, cost: 30 } } });
    await fromEpisodeTwo();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(await screen.findByTestId('unlock-shortfall')).toHaveTextContent('Not unlocked: you need 25 more coins');
    expect(screen.getByTestId('unlock-balance')).toHaveTextContent('Your balance: 5 coins');
    expect(getSession().userInfo?.coin).toBe(5);
  });

  it('back from buying coins for an episode: it unlocks without the dialog once the balance covers it, once', async () => {
    signIn(130);
    rememberPendingUnlock({ dramaId: 7, episodeId: 103, episodeNumber: 3 });
    const api = coinsApi({ coin: 130 });
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=103');
    await playing(103);
    expect(api.callsTo('POST /unlock').map((call) => call.body)).toEqual([{ episode_id: 103 }]);
    expect(screen.queryByTestId('unlock-dialog')).toBeNull();
    expect(peekPendingUnlock()).toBeNull();
  });

  it('back from a purchase that did not cover it: the dialog asks, nothing is bought', async () => {
    signIn(20);
    rememberPendingUnlock({ dramaId: 7, episodeId: 103, episodeNumber: 3 });
    const api = coinsApi({ coin: 20 });
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=103');
    expect(await screen.findByTestId('unlock-shortfall')).toHaveTextContent('You need 10 more coins');
    expect(api.callsTo('POST /unlock')).toHaveLength(0);
  });

  it('never for a visitor', async () => {
    autoUnlock(true);
    const api = coinsApi({ signedIn: false });
    await fromEpisodeTwo();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await screen.findByTestId('unlock-sign-in');
    expect(api.callsTo('POST /unlock')).toHaveLength(0);
  });

  it('never for the episode a link opened: only a move the viewer made spends coins', async () => {
    signIn(120);
    autoUnlock(true);
    const api = coinsApi();
    open('/pages/video/mobileVideoIndex?drama_id=7&episode_id=103');
    await screen.findByTestId('unlock-dialog');
    expect(api.callsTo('POST /unlock')).toHaveLength(0);
  });
});
