import type { Charts, DramaCard, Home } from '@cliffhanger/contract/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { stubApi, type ApiCall, type Answer } from '../../../test/fake-api';
import { renderRoutes, Where } from '../../../test/render';
import { HomePage } from './home-page';

function drama(id: number, title: string, genres: string[]): DramaCard {
  return {
    id,
    title,
    poster: `/media/posters/d${id}.jpg`,
    tags: [],
    genres,
    hits: 1000 * id,
    likes: 10,
    episode_count: 8,
    free_episodes: 3,
  };
}

const CATALOGUE = [
  drama(1, 'Moonlit Vows', ['romance', 'werewolf']),
  drama(2, 'Crimson Ledger', ['revenge']),
  drama(3, 'Aurora Street', ['romance']),
];
const HOME: Home = { banners: [], recommended: [], hot: [], latest: [] };
const CHARTS: Charts = {
  most_watched: [
    { rank: 1, drama: CATALOGUE[1]! },
    { rank: 2, drama: CATALOGUE[0]! },
    { rank: 3, drama: CATALOGUE[2]! },
  ],
  rising: [{ rank: 1, drama: CATALOGUE[2]! }],
  most_collected: [],
  counted_at: '2026-11-21T10:00:00.000Z',
};

/** A /dramas that filters the little catalogue by genre as the server does. */
function dramasRoute(call: ApiCall): Answer {
  const genre = call.query.get('genre');
  const list = CATALOGUE.filter((d) => genre === null || d.genres.includes(genre));
  return { code: 200, data: { list, page: 1, size: 20, total: list.length, has_more: false } };
}

function renderHome(path: string = PATHS.home) {
  return renderRoutes(
    [
      { path: PATHS.home, element: <HomePage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
}

const stub = () =>
  stubApi({
    'GET /home': { code: 200, data: HOME },
    'GET /dramas': dramasRoute,
    'GET /charts': { code: 200, data: CHARTS },
  });
const browseTitles = () =>
  screen
    .getAllByTestId('home-all-card')
    .map((card) => within(card).getByText((_, el) => el?.getAttribute('data-role') === 'drama-title').textContent);

beforeEach(() => {
  window.innerWidth = 390;
});

describe('home: genre chips', () => {
  it('offers All and every genre by name, and filters the browse list by the one chosen', async () => {
    const api = stub();
    const { router } = renderHome();
    await screen.findAllByTestId('home-all-card');
    const chips = within(screen.getByRole('group', { name: 'Genres' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'All',
      'Romance',
      'Revenge',
      'CEO',
      'Werewolf',
      'Historical',
      'Family',
      'Thriller',
      'Comedy',
      'Fantasy',
      'Rebirth',
    ]);
    expect(screen.getByTestId('home-genre-all')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByTestId('home-genre-romance'));
    await waitFor(() => expect(browseTitles()).toEqual(['Moonlit Vows', 'Aurora Street']));
    expect(router.state.location.search).toBe('?genre=romance');
    expect(api.callsTo('GET /dramas').at(-1)?.query.get('genre')).toBe('romance');
    expect(screen.getByRole('heading', { name: 'Romance dramas' })).toBeInTheDocument();
    expect(screen.getByTestId('home-genre-romance')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByTestId('home-genre-all'));
    await waitFor(() => expect(browseTitles()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('GET /dramas').at(-1)?.query.has('genre')).toBe(false);
  });

  it('starts from the genre in the URL, says when it has no drama, and ignores an unknown one', async () => {
    const api = stub();
    renderHome(`${PATHS.home}?genre=thriller`);
    expect(await screen.findByText('No Thriller dramas yet.')).toBeInTheDocument();
    expect(api.callsTo('GET /dramas')[0]?.query.get('genre')).toBe('thriller');
  });

  it('lists every drama for a genre outside the catalogue', async () => {
    const api = stub();
    renderHome(`${PATHS.home}?genre=zombie`);
    await screen.findAllByTestId('home-all-card');
    expect(api.callsTo('GET /dramas')[0]?.query.has('genre')).toBe(false);
    expect(screen.getByTestId('home-genre-all')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('home: charts', () => {
  const entries = () =>
    screen
      .getAllByTestId('home-chart-entry')
      .map((entry) => [
        within(entry).getByTestId('home-chart-rank').textContent,
        within(entry).getByText((_, el) => el?.getAttribute('data-role') === 'drama-title').textContent,
      ]);

  it('shows the chart of the tab chosen, each drama with its rank', async () => {
    const api = stub();
    renderHome();
    await screen.findAllByTestId('home-chart-entry');
    expect(screen.getByRole('tab', { name: 'Most watched this week' })).toHaveAttribute('aria-selected', 'true');
    expect(entries()).toEqual([
      ['1', 'Crimson Ledger'],
      ['2', 'Moonlit Vows'],
      ['3', 'Aurora Street'],
    ]);
    expect(screen.getByText('No. 1')).toBeInTheDocument();
    expect(api.callsTo('GET /charts')[0]?.query.get('lang')).toBe('en');

    await userEvent.click(screen.getByRole('tab', { name: 'Rising' }));
    expect(entries()).toEqual([['1', 'Aurora Street']]);

    await userEvent.click(screen.getByRole('tab', { name: 'Most collected' }));
    expect(screen.queryAllByTestId('home-chart-entry')).toHaveLength(0);
    expect(
      within(screen.getByTestId('home-charts')).getByText('Nothing ranked yet. Check back soon.'),
    ).toBeInTheDocument();
  });

  it('leaves the charts out while searching, and when they fail to load', async () => {
    stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute, 'GET /charts': { code: 10000 } });
    renderHome();
    await screen.findAllByTestId('home-all-card');
    expect(screen.queryByTestId('home-charts')).not.toBeInTheDocument();
  });
});
