import type { Banner, DramaCard, Home } from '@cliffhanger/contract/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { stubApi, type ApiCall, type Answer } from '../../../test/fake-api';
import { renderRoutes, Where } from '../../../test/render';
import { HomePage } from './home-page';

function drama(id: number, title: string, overrides: Partial<DramaCard> = {}): DramaCard {
  return {
    id,
    title,
    poster: `/media/posters/d${id}.jpg`,
    tags: [],
    genres: [],
    hits: 1000 * id,
    likes: 10 * (20 - id),
    episode_count: 8,
    free_episodes: 3,
    ...overrides,
  };
}

const CATALOGUE = [
  drama(1, 'Moonlit Vows'),
  drama(2, 'Crimson Ledger'),
  drama(3, 'Aurora Street'),
  drama(4, 'Moon over Ankara'),
];
const banner = (d: DramaCard): Banner => ({ drama_id: d.id, title: d.title, image: `/media/banners/d${d.id}.jpg` });
const HOME: Home = {
  banners: CATALOGUE.slice(0, 3).map(banner),
  recommended: [CATALOGUE[2]!, CATALOGUE[0]!],
  hot: [CATALOGUE[3]!],
  latest: [CATALOGUE[1]!, CATALOGUE[3]!, CATALOGUE[0]!],
};

/** A /dramas that sorts and searches the little catalogue above like the server would. */
function dramasRoute(call: ApiCall): Answer {
  const sort = call.query.get('sort') ?? 'hits';
  const q = (call.query.get('q') ?? '').toLowerCase();
  const list = CATALOGUE.filter((d) => d.title.toLowerCase().includes(q)).sort((a, b) =>
    sort === 'az' ? a.title.localeCompare(b.title) : sort === 'likes' ? b.likes - a.likes : b.hits - a.hits,
  );
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

const titles = (testId: string) =>
  screen
    .getAllByTestId(testId)
    .map((card) => within(card).getByText((_, el) => el?.getAttribute('data-role') === 'drama-title').textContent);

beforeEach(() => {
  window.innerWidth = 390;
});

describe('home: sections', () => {
  it('renders the banner and the three shelves from GET /home, asking in the current language', async () => {
    const api = stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute });
    renderHome();
    await screen.findAllByTestId('home-recommended-card');
    expect(titles('home-recommended-card')).toEqual(['Aurora Street', 'Moonlit Vows']);
    expect(titles('home-hot-card')).toEqual(['Moon over Ankara']);
    expect(titles('home-latest-card')).toEqual(['Crimson Ledger', 'Moon over Ankara', 'Moonlit Vows']);
    const slides = screen.getAllByTestId('home-banner-slide');
    expect(slides).toHaveLength(3);
    expect(within(slides[0]!).getByRole('link')).toHaveAttribute('href', '/pages/index/index?drama=1');
    expect(screen.getByRole('region', { name: 'Featured dramas' })).toBeInTheDocument();
    expect(api.callsTo('GET /home')[0]?.query.get('lang')).toBe('en');
    expect(api.callsTo('GET /dramas')[0]?.query.get('lang')).toBe('en');
  });

  it('shows a card as poster, two-line title, count, episodes and free hint, linking to the drama', async () => {
    stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute });
    renderHome();
    const [card] = await screen.findAllByTestId('home-hot-card');
    expect(card).toHaveAttribute('href', '/pages/index/index?drama=4');
    const img = card!.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('width', '300');
    expect(img).toHaveAttribute('height', '400');
    expect(card).toHaveTextContent('4K views');
    expect(card).toHaveTextContent('8 episodes');
    expect(card).toHaveTextContent('3 free');
  });

  it("opens the drama's page over home, keeping home's own query", async () => {
    window.innerWidth = 1280;
    stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute });
    const { router } = renderHome(`${PATHS.home}?sort=likes`);
    const [card] = await screen.findAllByTestId('home-all-card');
    expect(card).toHaveAttribute('href', `/pages/index/index?sort=likes&drama=${card!.getAttribute('data-drama-id')}`);
    await userEvent.click(card!);
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?sort=likes&drama=${card!.getAttribute('data-drama-id')}`),
    );
    expect(router.state.location.pathname).toBe(PATHS.home);
  });

  it('shows the error and retries GET /home', async () => {
    let fail = true;
    const api = stubApi({
      'GET /home': () => (fail ? { code: 10000 } : { code: 200, data: HOME }),
      'GET /dramas': dramasRoute,
    });
    renderHome();
    const error = await screen.findByTestId('home-error');
    expect(error).toHaveTextContent('System Error');
    fail = false;
    await userEvent.click(within(error).getByTestId('home-error-retry'));
    expect(await screen.findAllByTestId('home-recommended-card')).toHaveLength(2);
    expect(api.callsTo('GET /home')).toHaveLength(2);
  });

  it('says "No records." for an empty shelf', async () => {
    stubApi({ 'GET /home': { code: 200, data: { ...HOME, hot: [] } }, 'GET /dramas': dramasRoute });
    renderHome();
    await screen.findAllByTestId('home-recommended-card');
    expect(within(screen.getByTestId('home-hot')).getByText('No records.')).toBeInTheDocument();
  });
});

describe('home: browse list', () => {
  it('sorts by hits, then A–Z and likes: the sort goes into the URL and the query, and the order follows', async () => {
    const api = stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute });
    const { router } = renderHome();
    await screen.findAllByTestId('home-all-card');
    expect(titles('home-all-card')).toEqual(['Moon over Ankara', 'Aurora Street', 'Crimson Ledger', 'Moonlit Vows']);
    expect(screen.getByTestId('home-sort-hits')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByTestId('home-sort-az'));
    await waitFor(() =>
      expect(titles('home-all-card')).toEqual(['Aurora Street', 'Crimson Ledger', 'Moon over Ankara', 'Moonlit Vows']),
    );
    expect(router.state.location.search).toBe('?sort=az');
    expect(api.callsTo('GET /dramas').at(-1)?.query.get('sort')).toBe('az');

    await userEvent.click(screen.getByTestId('home-sort-likes'));
    await waitFor(() => expect(titles('home-all-card')[0]).toBe('Moonlit Vows'));
    expect(router.state.location.search).toBe('?sort=likes');
    expect(screen.getAllByTestId('home-all-card')[0]).toHaveTextContent('190 likes');
  });

  it('starts from the sort in the URL and ignores one outside the list', async () => {
    const api = stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute });
    renderHome(`${PATHS.home}?sort=az`);
    await screen.findAllByTestId('home-all-card');
    expect(api.callsTo('GET /dramas')[0]?.query.get('sort')).toBe('az');
    expect(screen.getByTestId('home-sort-az')).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back to hits for an unknown sort', async () => {
    const api = stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute });
    renderHome(`${PATHS.home}?sort=price`);
    await screen.findAllByTestId('home-all-card');
    expect(api.callsTo('GET /dramas')[0]?.query.get('sort')).toBe('hits');
  });

  it('loads 20 at a time and appends the next page until there is no more', async () => {
    const all = Array.from({ length: 25 }, (_, i) => drama(100 + i, `Drama ${String(i + 1).padStart(2, '0')}`));
    const api = stubApi({
      'GET /home': { code: 200, data: HOME },
      'GET /dramas': (call) => {
        const page = Number(call.query.get('page'));
        const size = Number(call.query.get('size'));
        const list = all.slice((page - 1) * size, page * size);
        return { code: 200, data: { list, page, size, total: all.length, has_more: page * size < all.length } };
      },
    });
    renderHome();
    expect(await screen.findAllByTestId('home-all-card')).toHaveLength(20);
    expect(api.callsTo('GET /dramas')[0]?.query.get('size')).toBe('20');
    await userEvent.click(screen.getByTestId('home-all-list-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('home-all-card')).toHaveLength(25));
    expect(titles('home-all-card').slice(18, 22)).toEqual(['Drama 19', 'Drama 20', 'Drama 21', 'Drama 22']);
    expect(api.callsTo('GET /dramas')[1]?.query.get('page')).toBe('2');
    expect(screen.queryByTestId('home-all-list-load-more')).toBeNull();
    expect(document.body.textContent).not.toMatch(/no more/i);
  });

  it('says "No records." when there are no dramas', async () => {
    stubApi({
      'GET /home': { code: 200, data: HOME },
      'GET /dramas': { code: 200, data: { list: [], page: 1, size: 20, total: 0, has_more: false } },
    });
    renderHome();
    expect(await within(await screen.findByTestId('home-all-list')).findByText('No records.')).toBeInTheDocument();
  });
});

describe('home: search', () => {
  it('searches by title once typing settles, shows the results in the list, and clears', async () => {
    const api = stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute });
    const { router } = renderHome();
    await screen.findAllByTestId('home-all-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search dramas' }), 'moon');
    await waitFor(() => expect(titles('home-all-card')).toEqual(['Moon over Ankara', 'Moonlit Vows']));
    // Debounced: one search for the settled text, not one per key.
    expect(
      api
        .callsTo('GET /dramas')
        .filter((call) => call.query.has('q'))
        .map((call) => call.query.get('q')),
    ).toEqual(['moon']);
    expect(router.state.location.search).toBe('?q=moon');
    expect(screen.getByRole('heading', { name: 'Results for “moon”' })).toBeInTheDocument();
    expect(screen.queryByTestId('home-recommended')).toBeNull();

    await userEvent.click(screen.getByTestId('home-search-clear'));
    expect(screen.getByTestId('home-search')).toHaveValue('');
    await waitFor(() => expect(screen.getAllByTestId('home-all-card')).toHaveLength(4));
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('home-recommended')).toBeInTheDocument();
  });

  it('keeps the sort while searching and says when nothing matches', async () => {
    stubApi({ 'GET /home': { code: 200, data: HOME }, 'GET /dramas': dramasRoute });
    renderHome(`${PATHS.home}?sort=az`);
    await screen.findAllByTestId('home-all-card');
    await userEvent.type(screen.getByTestId('home-search'), 'zebra{Enter}');
    expect(await screen.findByText('No dramas match “zebra”.')).toBeInTheDocument();
    expect(screen.getByTestId('home-sort-az')).toHaveAttribute('aria-pressed', 'true');
  });
});
