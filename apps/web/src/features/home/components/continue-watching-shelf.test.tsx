import type { HistoryItem } from '@cliffhanger/contract/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { setSession } from '../../../lib/session';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { inProgress } from '../continue-watching';
import { ContinueWatchingShelf } from './continue-watching-shelf';

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
    watched_at: new Date(Date.UTC(2026, 0, 30 - id)).toISOString(),
    ...overrides,
  };
}

const HISTORY = [
  row(1, 'Moonlit Vows'),
  // The last episode watched to its end: finished, not on the shelf.
  row(2, 'Crimson Ledger', { episode_number: 6, position_s: 89, duration_s: 90 }),
  // The last episode, half watched: still in progress.
  row(3, 'Aurora Street', { episode_number: 6, position_s: 30, duration_s: 120 }),
];
const historyAnswer = { code: 200, data: { list: HISTORY, page: 1, size: 20, total: 3, has_more: false } };

function renderShelf() {
  return renderRoutes(
    [
      { path: PATHS.home, element: <ContinueWatchingShelf /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [PATHS.home] },
  );
}

beforeEach(() => {
  window.innerWidth = 390;
});

describe('inProgress', () => {
  it('keeps the order, leaves out finished dramas and keeps at most ten', () => {
    expect(inProgress(HISTORY).map((item) => item.title)).toEqual(['Moonlit Vows', 'Aurora Street']);
    const many = Array.from({ length: 14 }, (_, i) => row(i + 1, `Drama ${i + 1}`));
    expect(inProgress(many)).toHaveLength(10);
  });
});

describe('ContinueWatchingShelf', () => {
  it('asks nothing and shows nothing for a visitor', async () => {
    const api = stubApi({ 'GET /history': historyAnswer });
    renderShelf();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET /history')).toHaveLength(0);
    expect(screen.queryByTestId('home-continue')).toBeNull();
  });

  it('shows a signed-in viewer the dramas in progress, newest first, with episode and progress', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const api = stubApi({ 'GET /history': historyAnswer });
    renderShelf();
    const cards = await screen.findAllByTestId('home-continue-card');
    expect(cards.map((card) => card.getAttribute('data-drama-id'))).toEqual(['1', '3']);
    expect(within(cards[0]!).getByText('Episode 3')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(cards[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('region', { name: 'Continue watching' })).toBeInTheDocument();
    expect(api.callsTo('GET /history')[0]?.query.get('page')).toBe('1');
  });

  it('opens the video page at the saved episode', async () => {
    setSession({ token: 't', userInfo: testUser() });
    stubApi({ 'GET /history': historyAnswer });
    renderShelf();
    const [card] = await screen.findAllByTestId('home-continue-card');
    expect(card).toHaveAttribute('href', '/pages/video/mobileVideoIndex?drama_id=1&episode_id=13');
    await userEvent.click(card!);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('episode_id=13'));
  });

  it('shows nothing when nothing is in progress', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const api = stubApi({
      'GET /history': { code: 200, data: { list: [HISTORY[1]!], page: 1, size: 20, total: 1, has_more: false } },
    });
    renderShelf();
    await waitFor(() => expect(api.callsTo('GET /history')).toHaveLength(1));
    expect(screen.queryByTestId('home-continue')).toBeNull();
  });
});
