import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { PATHS } from '../../../lib/paths';
import { getSession, setSession } from '../../../lib/session';
import { stubApi, type Route } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderPage, renderRoutes, testQueryClient, Where } from '../../../test/render';
import { overview, rewardedAd, strip, task } from '../test/fixtures';
import type * as HlsModule from '../../../lib/player/hls';
import { RewardsPage } from './rewards-page';

vi.mock('../../../lib/player/hls', async (importOriginal) => {
  const { FakeHls } = await import('../../../test/fake-hls');
  return { ...(await importOriginal<typeof HlsModule>()), Hls: FakeHls };
});

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const signIn = (coin = 100) => setSession({ token: 't', userInfo: testUser({ coin }) });

function open(routes: Record<string, Route>) {
  const api = stubApi({ 'GET /ads/next': { code: 200, data: rewardedAd() }, ...routes });
  const queryClient = testQueryClient();
  // A wallet page seen earlier: a claim must mark it stale.
  queryClient.setQueryData([...WALLET_QUERY_KEY, 'all'], { pages: [], pageParams: [] });
  renderPage(<RewardsPage />, PATHS.rewards, queryClient);
  const walletStale = () => queryClient.getQueryState([...WALLET_QUERY_KEY, 'all'])?.isInvalidated;
  return { api, walletStale };
}

describe('rewards page: balance and 7-day strip', () => {
  it('shows the balance GET /task reports and keeps the stored one in step', async () => {
    signIn(100);
    open({ 'GET /task': { code: 200, data: overview({ balance: 130 }) } });
    await waitFor(() => expect(screen.getByTestId('rewards-balance-value')).toHaveTextContent('130'));
    expect(getSession().userInfo?.coin).toBe(130);
    expect(screen.getByTestId('rewards-buy-coins')).toHaveAttribute('href', '/pages/user/vip?tab=coins');
  });

  it('marks each day done, today or ahead with its own reward', async () => {
    signIn();
    open({ 'GET /task': { code: 200, data: overview({ checkin: { day: 3, checked_in_today: false, strip: strip(3, false) } }) } });
    await waitFor(() => expect(screen.getByTestId('checkin-day-3')).toHaveAttribute('data-state', 'today'));
    expect(screen.getByTestId('checkin-day-1')).toHaveAttribute('data-state', 'done');
    expect(screen.getByTestId('checkin-day-2')).toHaveAttribute('data-state', 'done');
    for (const day of [4, 5, 6, 7]) expect(screen.getByTestId(`checkin-day-${day}`)).toHaveAttribute('data-state', 'ahead');
    expect(screen.getByTestId('checkin-day-3')).toHaveTextContent('Day 3+12');
    expect(screen.getByTestId('checkin-day-7')).toHaveTextContent('Day 7+16');
    expect(screen.getByTestId('checkin-today')).toHaveTextContent('Daily login 12 points');
    expect(screen.getByTestId('checkin-day-3')).toHaveAttribute('aria-current', 'date');
  });

  it('after today’s check-in, today reads done', async () => {
    signIn();
    open({ 'GET /task': { code: 200, data: overview({ checkin: { day: 2, checked_in_today: true, strip: strip(2, true) } }) } });
    await waitFor(() => expect(screen.getByTestId('checkin-day-2')).toHaveAttribute('data-state', 'done'));
    expect(screen.getByTestId('checkin-day-2')).toHaveAttribute('aria-current', 'date');
    expect(screen.getByTestId('checkin-day-3')).toHaveAttribute('data-state', 'ahead');
  });
});

describe('rewards page: tasks', () => {
  const claimable = overview({
    anything_claimable: true,
    tasks: [
      task('watch_video', { progress: 3, claimable: 3, claimable_coins: 15, state: 'claimable' }),
      task('share_app', { progress: 1, claimed: 1, state: 'claimed' }),
      task('invite_friends'),
    ],
  });

  it('shows progress and what each claim pays', async () => {
    signIn();
    open({ 'GET /task': { code: 200, data: claimable } });
    expect(await screen.findByText('Claim +15')).toBeInTheDocument();
    expect(screen.getByTestId('task-watch_video-progress')).toHaveTextContent('3/10');
    expect(screen.getByTestId('task-share_app-claim')).toBeDisabled();
    expect(screen.getByTestId('task-share_app-claim')).toHaveTextContent('Claimed');
    expect(screen.getByTestId('task-invite_friends-claim')).toHaveTextContent('Claim');
  });

  it('claims: toast with the amount, the balance everywhere, the wallet marked stale', async () => {
    signIn(100);
    let balance = 100;
    const { api, walletStale } = open({
      'GET /task': () => ({ code: 200, data: { ...claimable, balance } }),
      'POST /task/watch_video/claim': () => {
        balance = 115;
        return {
          code: 200,
          data: { key: 'watch_video', units: 3, coins: 15, balance, task: task('watch_video', { state: 'todo' }) },
        };
      },
    });
    await userEvent.click(await screen.findByText('Claim +15'));
    expect(await screen.findByRole('status')).toHaveTextContent('+15 coins received');
    expect(screen.getByTestId('rewards-balance-value')).toHaveTextContent('115');
    expect(getSession().userInfo?.coin).toBe(115);
    expect(api.callsTo('POST /task/watch_video/claim')).toHaveLength(1);
    await waitFor(() => expect(walletStale()).toBe(true));
    // The list is fetched again after the claim.
    await waitFor(() => expect(api.callsTo('GET /task').length).toBeGreaterThan(1));
  });

  it('a repeat (10019) counts as success', async () => {
    signIn(100);
    open({
      'GET /task': { code: 200, data: { ...claimable, balance: 115 } },
      'POST /task/watch_video/claim': {
        code: 10019,
        data: { key: 'watch_video', units: 0, coins: 0, balance: 115, task: task('watch_video') },
      },
    });
    await userEvent.click(await screen.findByText('Claim +15'));
    expect(await screen.findByRole('status')).toHaveTextContent('Already claimed');
    expect(getSession().userInfo?.coin).toBe(115);
  });

  it('a refused claim says "Failed to claim" and changes no balance', async () => {
    signIn(100);
    open({ 'GET /task': { code: 200, data: claimable }, 'POST /task/watch_video/claim': { code: 40701 } });
    await userEvent.click(await screen.findByText('Claim +15'));
    expect(await screen.findByRole('status')).toHaveTextContent('Failed to claim');
    expect(getSession().userInfo?.coin).toBe(100);
  });

  it('an unfinished task cannot be claimed: its button is disabled, its progress shown, nothing sent', async () => {
    signIn();
    const { api } = open({ 'GET /task': { code: 200, data: claimable } });
    await screen.findByText('Claim +15');
    const claim = screen.getByTestId('task-invite_friends-claim');
    expect(claim).toBeDisabled();
    expect(screen.getByTestId('task-invite_friends-progress')).toHaveTextContent('0/10 friends');
    expect(screen.getByTestId('task-watch_video-progress')).toHaveTextContent('3/10 videos');
    expect(screen.getByTestId('task-watch_video')).toHaveClass('task--claimable');
    expect(screen.getByTestId('task-invite_friends')).not.toHaveClass('task--claimable');
    await userEvent.click(claim);
    expect(api.callsTo('POST /task/invite_friends/claim')).toHaveLength(0);
  });

  it('share app: without a share sheet the link is copied and the share reported for the app', async () => {
    signIn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const { api } = open({
      'GET /task': { code: 200, data: overview() },
      'POST /task/share': { code: 200, data: { recorded: true, shares_today: 1 } },
    });
    await screen.findByTestId('task-share_app-go');
    await userEvent.click(screen.getByTestId('task-share_app-go'));
    await waitFor(() => expect(api.callsTo('POST /task/share')).toHaveLength(1));
    expect(api.callsTo('POST /task/share')[0]!.body).toEqual({ target: 'app', channel: 'copy_link' });
    expect(writeText).toHaveBeenCalledWith(window.location.origin);
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');
    await waitFor(() => expect(api.callsTo('GET /task').length).toBeGreaterThan(1));
  });
});

describe('rewards page: visitors are asked to sign in', () => {
  it.each(['task-share_app-go', 'task-watch_video-go', 'rewarded-ad-watch'])(
    'tells a visitor "Please login first" on %s and takes them to sign in, coming back here',
    async (action) => {
      stubApi({ 'GET /task': { code: 200, data: overview({ signed_in: false, balance: 0 }) } });
      const { router } = renderRoutes(
        [
          { path: PATHS.rewards, element: <RewardsPage /> },
          { path: '*', element: <Where /> },
        ],
        { initialEntries: [`${PATHS.rewards}?from=share`] },
      );
      expect(screen.getByTestId('rewards-balance-value')).toHaveTextContent('0');
      expect(screen.getByTestId('rewards-sign-in')).toHaveAttribute(
        'href',
        '/pages/login/index?redirect=%2Fpages%2FRewards%2Findex%3Ffrom%3Dshare',
      );
      await userEvent.click(screen.getByTestId(action));
      expect(screen.getByRole('status')).toHaveTextContent('Please login first');
      expect(router.state.location.pathname).toBe(PATHS.login);
      expect(router.state.location.search).toBe('?redirect=%2Fpages%2FRewards%2Findex%3Ffrom%3Dshare');
    },
  );

  it('shows the cycle and the tasks with the configured amounts before GET /task answers', () => {
    stubApi({ 'GET /task': () => new Promise(() => undefined) });
    renderPage(<RewardsPage />, PATHS.rewards);
    expect(screen.getByTestId('checkin-day-1')).toHaveAttribute('data-state', 'today');
    expect(screen.getByTestId('checkin-day-7')).toHaveAttribute('data-state', 'ahead');
    expect(screen.getByTestId('task-share_app-title')).toHaveTextContent('Share the app');
    expect(screen.getByTestId('task-share_app-reward')).toHaveTextContent('+20 coins');
  });

  it.each([
    ['en', ['Watch videos', '+5 coins per video'], ['Share the app', '+20 coins'], ['Invite friends', '+50 coins per friend']],
    ['zh', ['观看视频', '每个视频 +5 金币'], ['分享应用', '+20 金币'], ['邀请好友', '每位好友 +50 金币']],
    ['tr', ['Video izle', 'video başına +5 jeton'], ['Uygulamayı paylaş', '+20 jeton'], ['Arkadaş davet et', 'arkadaş başına +50 jeton']],
  ] as const)('in %s, names each task and its coin reward as two elements, not one run-on line', async (language, ...expected) => {
    onTestFinished(() => void i18n.changeLanguage('en'));
    await i18n.changeLanguage(language);
    signIn();
    open({ 'GET /task': { code: 200, data: overview() } });
    const keys = ['watch_video', 'share_app', 'invite_friends'] as const;
    for (const [index, key] of keys.entries()) {
      const [title, reward] = expected[index]!;
      const titleElement = await screen.findByTestId(`task-${key}-title`);
      const rewardElement = screen.getByTestId(`task-${key}-reward`);
      expect(titleElement.textContent).toBe(title);
      expect(rewardElement.textContent).toBe(reward);
      // Siblings, neither inside the other: the reward is its own chip beside or under the title.
      expect(titleElement.contains(rewardElement) || rewardElement.contains(titleElement)).toBe(false);
      expect(titleElement.parentElement).toBe(rewardElement.parentElement);
    }
  });
});

describe('rewards page: rewarded ad', () => {
  it('shows the offer and today’s cap, plays the ad and claims with its token at the end', async () => {
    signIn(100);
    let balance = 100;
    const { api } = open({
      'GET /task': () => ({ code: 200, data: overview({ balance }) }),
      'POST /ads/reward': () => {
        balance = 110;
        return { code: 200, data: { coins: 10, balance, rewarded_today: 2, rewarded_daily_cap: 5 } };
      },
    });
    expect(await screen.findByText('Watch an ad for 10 coins')).toBeInTheDocument();
    expect(screen.getByTestId('rewarded-ad-cap')).toHaveTextContent('Today 1/5');
    await userEvent.click(screen.getByTestId('rewarded-ad-watch'));
    const dialog = await screen.findByTestId('rewarded-ad-dialog');
    expect(api.callsTo('GET /ads/next').at(-1)!.query.get('kind')).toBe('rewarded');
    expect(api.callsTo('POST /ads/reward')).toHaveLength(0);
    fireEvent.ended(within(dialog).getByTestId('rewarded-ad-video'));
    expect(await screen.findByRole('status')).toHaveTextContent('+10 coins received');
    expect(api.callsTo('POST /ads/reward')[0]!.body).toEqual({ token: 'tok-1' });
    expect(getSession().userInfo?.coin).toBe(110);
    expect(screen.queryByTestId('rewarded-ad-dialog')).toBeNull();
  });

  it('closing the ad before the end pays nothing', async () => {
    signIn();
    const { api } = open({ 'GET /task': { code: 200, data: overview() } });
    await userEvent.click(await screen.findByTestId('rewarded-ad-watch'));
    await userEvent.click(await screen.findByTestId('rewarded-ad-close'));
    expect(screen.queryByTestId('rewarded-ad-dialog')).toBeNull();
    expect(api.callsTo('POST /ads/reward')).toHaveLength(0);
  });

  it('a refused reward says "Failed to receive reward"', async () => {
    signIn(100);
    open({ 'GET /task': { code: 200, data: overview() }, 'POST /ads/reward': { code: 40703 } });
    await userEvent.click(await screen.findByTestId('rewarded-ad-watch'));
    fireEvent.ended(await screen.findByTestId('rewarded-ad-video'));
    expect(await screen.findByRole('status')).toHaveTextContent('Failed to receive reward');
    expect(getSession().userInfo?.coin).toBe(100);
  });

  it('at the daily cap the button is off and says so', async () => {
    signIn();
    open({
      'GET /task': { code: 200, data: overview() },
      'GET /ads/next': { code: 200, data: rewardedAd({ ad: null, rewarded_today: 5, rewarded_daily_cap: 5 }) },
    });
    expect(await screen.findByText('Daily limit reached, come back tomorrow')).toBeInTheDocument();
    expect(screen.getByTestId('rewarded-ad-watch')).toBeDisabled();
  });

  it('VIP members see no ad card and never ask for one', async () => {
    setSession({ token: 't', userInfo: testUser({ vip: { active: true, expires_at: '2099-01-01T00:00:00.000Z' } }) });
    const { api } = open({ 'GET /task': { code: 200, data: overview() } });
    await screen.findByTestId('task-watch_video');
    expect(screen.queryByTestId('rewarded-ad-card')).toBeNull();
    expect(api.callsTo('GET /ads/next')).toHaveLength(0);
  });
});
