import { act, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { clearSession, getSession, setSession } from '../../../lib/session';
import { TAB_ITEMS, tabBarStore } from '../../../lib/tab-bar';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/render';
import { resetLaunchCheckinForTests } from '../api/post-task-checkin';
import { rewardsBadgeText } from '../hooks/use-rewards-badge';
import { overview, strip, task } from '../test/fixtures';
import { RewardsLaunch } from './rewards-launch';

const rewardsBadge = () => tabBarStore.get().badges[TAB_ITEMS.findIndex((item) => item.key === 'rewards')];
const claimable = overview({
  anything_claimable: true,
  tasks: [task('watch_video', { claimable: 2, claimable_coins: 10, state: 'claimable' }), task('share_app'), task('invite_friends')],
});

beforeEach(() => {
  resetLaunchCheckinForTests();
  tabBarStore.set({ badges: TAB_ITEMS.map(() => null), texts: TAB_ITEMS.map(() => null) });
});
afterEach(() => tabBarStore.set({ badges: TAB_ITEMS.map(() => null), texts: TAB_ITEMS.map(() => null) }));

function mount() {
  const queryClient = testQueryClient();
  queryClient.setQueryData([...WALLET_QUERY_KEY, 'all'], { pages: [], pageParams: [] });
  render(
    <QueryClientProvider client={queryClient}>
      <RewardsLaunch />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('rewards badge text', () => {
  it('counts the claimable tasks; nothing claimable or a visitor: no badge', () => {
    expect(rewardsBadgeText(claimable)).toBe('1');
    expect(rewardsBadgeText(overview())).toBeNull();
    expect(rewardsBadgeText({ ...claimable, signed_in: false })).toBeNull();
    expect(rewardsBadgeText(undefined)).toBeNull();
  });
});

describe('RewardsLaunch', () => {
  it('checks in, then refetches the tasks and marks the wallet stale; the badge follows GET /task', async () => {
    let checkedIn = false;
    const api = stubApi({
      'POST /task/checkin': () => {
        checkedIn = true;
        return { code: 200, data: { day: 1, reward: 10, balance: 130, strip: strip(1, true), expires_at: null } };
      },
      'GET /task': () => ({ code: 200, data: checkedIn ? claimable : overview() }),
    });
    setSession({ token: 't', userInfo: testUser() });
    const queryClient = mount();
    await waitFor(() => expect(rewardsBadge()).toBe('1'));
    expect(api.callsTo('POST /task/checkin')).toHaveLength(1);
    expect(queryClient.getQueryState([...WALLET_QUERY_KEY, 'all'])?.isInvalidated).toBe(true);
  });

  it('takes the badge off when nothing is claimable any more, and on signing out', async () => {
    let data = claimable;
    stubApi({ 'POST /task/checkin': { code: 40702, data: { day: 1, reward: 10, balance: 130, strip: strip(1, true), expires_at: null } }, 'GET /task': () => ({ code: 200, data }) });
    setSession({ token: 't', userInfo: testUser() });
    const queryClient = mount();
    await waitFor(() => expect(rewardsBadge()).toBe('1'));
    data = overview();
    await act(() => queryClient.invalidateQueries({ queryKey: ['tasks'] }));
    await waitFor(() => expect(rewardsBadge()).toBeNull());
    data = claimable;
    await act(() => queryClient.invalidateQueries({ queryKey: ['tasks'] }));
    await waitFor(() => expect(rewardsBadge()).toBe('1'));
    act(() => clearSession());
    await waitFor(() => expect(rewardsBadge()).toBeNull());
  });

  it('a visitor who signs in mid-session is checked in, and the tasks and balance follow', async () => {
    let checkedIn = false;
    const api = stubApi({
      'POST /task/checkin': () => {
        checkedIn = true;
        return { code: 200, data: { day: 1, reward: 10, balance: 10, strip: strip(1, true), expires_at: null } };
      },
      'GET /task': () => ({ code: 200, data: checkedIn ? claimable : overview() }),
    });
    mount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.callsTo('POST /task/checkin')).toHaveLength(0);
    act(() => setSession({ token: 't', userInfo: testUser({ coin: 0 }) }));
    await waitFor(() => expect(api.callsTo('POST /task/checkin')).toHaveLength(1));
    await waitFor(() => expect(rewardsBadge()).toBe('1'));
    expect(getSession().userInfo?.coin).not.toBe(0);
  });

  it('a visitor: no check-in, no GET /task, no badge', async () => {
    const api = stubApi();
    mount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.calls).toHaveLength(0);
    expect(rewardsBadge()).toBeNull();
  });
});
