import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { hideToast } from '../../../lib/toast';
import { configFetch, testAppConfig } from '../../../test/app-config';
import { testUser } from '../../../test/fixtures';
import { PATHS } from '../../../lib/paths';
import { renderPage, renderRoutes, Where } from '../../../test/render';
import { RewardsPage } from './rewards-page';

beforeEach(() => {
  const config = testAppConfig();
  vi.stubGlobal(
    'fetch',
    vi.fn(configFetch({ ...config, rewards: { ...config.rewards, daily_checkin: 15, share_app: 25 } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  hideToast();
});

describe('rewards page (spec §2/§9)', () => {
  it('shows the balance, the 7-day strip and the tasks with amounts from app config', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 340 }) });
    renderPage(<RewardsPage />);
    expect(screen.getByTestId('rewards-balance-value')).toHaveTextContent('340');
    expect(await screen.findByText('Daily login 15 points')).toBeInTheDocument();
    for (let day = 1; day <= 7; day += 1)
      expect(screen.getByTestId(`checkin-day-${day}`)).toHaveTextContent(`Day ${day}+15`);
    expect(screen.queryByTestId('checkin-day-8')).toBeNull();
    expect(screen.getByText('Watch video 5 points per video')).toBeInTheDocument();
    expect(screen.getByText('Share app 25 points')).toBeInTheDocument();
    expect(screen.getByText('Invite a friend 50 points per friend')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Claim' })).toHaveLength(3);
  });

  it.each(['task-shareApp-claim', 'task-watchVideo-go'])(
    'tells a visitor "Please login first" on %s and takes them to sign in, coming back here',
    async (action) => {
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
});
