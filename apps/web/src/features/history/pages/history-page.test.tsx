import type { HistoryItem } from '@cliffhanger/contract/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { setSession } from '../../../lib/session';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { HistoryPage } from './history-page';

function row(id: number, title: string, overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    id,
    title,
    poster: `/media/posters/d${id}.jpg`,
    tags: [],
    genres: [],
    hits: 10,
    likes: 2,
    episode_count: 6,
    free_episodes: 2,
    episode_id: id * 10 + 3,
    episode_number: 3,
    position_s: 45,
    duration_s: 90,
    watched_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
    ...overrides,
  };
}

const page = (list: HistoryItem[], pageNo = 1, hasMore = false) => ({
  code: 200,
  data: { list, page: pageNo, size: 20, total: list.length, has_more: hasMore },
});

function renderHistory() {
  return renderRoutes(
    [
      { path: PATHS.history, element: <HistoryPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [PATHS.history] },
  );
}

const rows = () => screen.queryAllByTestId('history-item');
const ids = () => rows().map((item) => item.getAttribute('data-drama-id'));
const signIn = () => setSession({ token: 't', userInfo: testUser() });

beforeEach(() => {
  window.innerWidth = 390;
});

describe('history: visitor', () => {
  it('asks to sign in and fetches nothing', () => {
    const api = stubApi();
    renderHistory();
    expect(screen.getByTestId('login-required')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe('history: signed in', () => {
  it('shows each drama with its episode, progress and a continue link to the saved episode', async () => {
    const api = stubApi({
      'GET /history': page([row(2, 'Second', { position_s: 30, duration_s: 120 }), row(1, 'First')]),
    });
    signIn();
    renderHistory();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(ids()).toEqual(['2', '1']);
    const first = rows()[0]!;
    expect(within(first).getByTestId('history-episode')).toHaveTextContent('Episode 3');
    const bar = within(first).getByRole('progressbar', { name: 'Progress in Second' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '0:30 / 2:00');
    expect(within(first).getByTestId('history-continue')).toHaveAttribute(
      'href',
      '/pages/video/mobileVideoIndex?drama_id=2&episode_id=23',
    );
    expect(within(first).getByTestId('history-continue')).toHaveTextContent('Continue');
    // The poster opens the drama's page over the history.
    expect(within(first).getByTestId('history-open')).toHaveAttribute('href', '/pages/my-history/index?drama=2');
    expect(within(first).getByTestId('history-open')).toHaveAccessibleName('About Second');
    const call = api.callsTo('GET /history')[0]!;
    expect([call.query.get('page'), call.query.get('size'), call.query.get('lang')]).toEqual(['1', '20', 'en']);
    await userEvent.click(within(first).getByTestId('history-continue'));
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/pages/video/mobileVideoIndex?drama_id=2&episode_id=23',
    );
  });

  it('continues on the desktop page on a wide screen', async () => {
    window.innerWidth = 1280;
    stubApi({ 'GET /history': page([row(1, 'First')]) });
    signIn();
    renderHistory();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('history-continue')).toHaveAttribute(
      'href',
      '/pages/video/index?drama_id=1&episode_id=13',
    );
  });

  it('says "No records." and offers no clear-all when empty', async () => {
    stubApi({ 'GET /history': page([]) });
    signIn();
    renderHistory();
    expect(await within(screen.getByTestId('history-list')).findByText('No records.')).toBeInTheDocument();
    expect(screen.queryByTestId('history-clear')).toBeNull();
  });

  it('loads more, 20 at a time', async () => {
    const all = Array.from({ length: 21 }, (_, i) => row(100 - i, `Drama ${i + 1}`));
    stubApi({
      'GET /history': (call) => {
        const n = Number(call.query.get('page'));
        return page(all.slice((n - 1) * 20, n * 20), n, n * 20 < all.length);
      },
    });
    signIn();
    renderHistory();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.click(screen.getByTestId('history-list-load-more'));
    await waitFor(() => expect(rows()).toHaveLength(21));
    expect(screen.queryByTestId('history-list-load-more')).toBeNull();
  });

  it('removes one drama', async () => {
    let removed = false;
    const api = stubApi({
      'GET /history': () => page(removed ? [row(1, 'First')] : [row(2, 'Second'), row(1, 'First')]),
      'DELETE /history/2': () => {
        removed = true;
        return { code: 200, data: { removed: 1 } };
      },
    });
    signIn();
    renderHistory();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Second from history' }));
    expect(ids()).toEqual(['1']);
    expect(api.callsTo('DELETE /history/2')).toHaveLength(1);
  });

  it('clears everything only after the confirm dialog says so', async () => {
    let cleared = false;
    const api = stubApi({
      'GET /history': () => page(cleared ? [] : [row(2, 'Second'), row(1, 'First')]),
      'DELETE /history': () => {
        cleared = true;
        return { code: 200, data: { removed: 2 } };
      },
    });
    signIn();
    renderHistory();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.click(screen.getByTestId('history-clear'));
    expect(screen.getByRole('dialog', { name: 'Clear your watch history?' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('history-clear-dialog-cancel'));
    expect(api.callsTo('DELETE /history')).toEqual([]);
    expect(rows()).toHaveLength(2);

    await userEvent.click(screen.getByTestId('history-clear'));
    await userEvent.click(screen.getByTestId('history-clear-dialog-confirm'));
    expect(await within(screen.getByTestId('history-list')).findByText('No records.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /history')).toHaveLength(1);
  });

  it('brings the rows back and toasts when clearing fails', async () => {
    let loads = 0;
    stubApi({
      // Only the first load answers: what shows after the failure is the rollback, not a refetch.
      'GET /history': () =>
        ++loads === 1 ? page([row(2, 'Second'), row(1, 'First')]) : new Promise<never>(() => undefined),
      'DELETE /history': { code: 10000 },
    });
    signIn();
    renderHistory();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('history-clear'));
    await userEvent.click(screen.getByTestId('history-clear-dialog-confirm'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('System Error');
    expect(ids()).toEqual(['2', '1']);
  });

  it('turns off overscroll (no pull-down refresh, no bounce) while shown', () => {
    stubApi({ 'GET /history': page([]) });
    signIn();
    const { unmount } = renderHistory();
    expect(document.documentElement.style.overscrollBehaviorY).toBe('none');
    unmount();
    expect(document.documentElement.style.overscrollBehaviorY).toBe('');
  });
});
