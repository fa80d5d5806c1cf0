import type { FavoriteItem } from '@cliffhanger/contract/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { setSession } from '../../../lib/session';
import { deferred, stubApi, type Answer } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { CollectPage } from './collect-page';

function favorite(id: number, title: string): FavoriteItem {
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
    favorited_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
  };
}

const page = (list: FavoriteItem[], pageNo = 1, hasMore = false) => ({
  code: 200,
  data: { list, page: pageNo, size: 20, total: list.length, has_more: hasMore },
});

function renderCollect() {
  return renderRoutes(
    [
      { path: PATHS.list, element: <CollectPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [PATHS.list] },
  );
}

const cards = () => screen.queryAllByTestId('collect-card');
const signIn = () => setSession({ token: 't', userInfo: testUser() });

beforeEach(() => {
  window.innerWidth = 390;
});

describe('list tab: visitor', () => {
  it('asks to sign in and fetches nothing', () => {
    const api = stubApi();
    renderCollect();
    expect(screen.getByTestId('login-required')).toHaveTextContent('Please login first');
    expect(screen.getByTestId('login-required-sign-in')).toHaveAttribute(
      'href',
      '/pages/login/index?redirect=%2Fpages%2Fmy-collect%2Findex',
    );
    expect(api.calls).toEqual([]);
  });
});

describe('list tab: signed in', () => {
  it('lists the favourites newest first as the server sends them; a card opens the drama', async () => {
    const api = stubApi({ 'GET /favorites': page([favorite(3, 'Third'), favorite(1, 'First')]) });
    signIn();
    renderCollect();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().map((card) => card.getAttribute('data-drama-id'))).toEqual(['3', '1']);
    const call = api.callsTo('GET /favorites')[0]!;
    expect([call.query.get('page'), call.query.get('size'), call.query.get('lang')]).toEqual(['1', '20', 'en']);
    expect(call.headers.Authorization).toBe('t');
    // The card opens the drama's page, a sheet over the list (the app shell draws it).
    expect(cards()[0]).toHaveAttribute('href', '/pages/my-collect/index?drama=3');
  });

  it('says "No records." when the list is empty', async () => {
    stubApi({ 'GET /favorites': page([]) });
    signIn();
    renderCollect();
    expect(await within(await screen.findByTestId('collect-list')).findByText('No records.')).toBeInTheDocument();
  });

  it('loads more, 20 at a time', async () => {
    const all = Array.from({ length: 23 }, (_, i) => favorite(100 - i, `Fav ${i + 1}`));
    const api = stubApi({
      'GET /favorites': (call) => {
        const n = Number(call.query.get('page'));
        return page(all.slice((n - 1) * 20, n * 20), n, n * 20 < all.length);
      },
    });
    signIn();
    renderCollect();
    await waitFor(() => expect(cards()).toHaveLength(20));
    await userEvent.click(screen.getByTestId('collect-list-load-more'));
    await waitFor(() => expect(cards()).toHaveLength(23));
    expect(api.callsTo('GET /favorites').map((call) => call.query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByTestId('collect-list-load-more')).toBeNull();
  });

  it('removes a favourite at once, before the server answers', async () => {
    const held = deferred<Answer>();
    let removed = false;
    const api = stubApi({
      'GET /favorites': () => page(removed ? [favorite(1, 'First')] : [favorite(3, 'Third'), favorite(1, 'First')]),
      'DELETE /favorites/3': async () => {
        const answer = await held.promise;
        removed = true;
        return answer;
      },
    });
    signIn();
    renderCollect();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Third from My List' }));
    expect(cards().map((card) => card.getAttribute('data-drama-id'))).toEqual(['1']);
    held.resolve({ code: 200, data: { favorited: false } });
    await waitFor(() => expect(api.callsTo('GET /favorites')).toHaveLength(2));
    expect(cards().map((card) => card.getAttribute('data-drama-id'))).toEqual(['1']);
  });

  it('puts the favourite back and toasts when the server refuses', async () => {
    let loads = 0;
    stubApi({
      // Only the first load answers: what shows after the failure is the rollback, not a refetch.
      'GET /favorites': () =>
        ++loads === 1 ? page([favorite(3, 'Third'), favorite(1, 'First')]) : new Promise<never>(() => undefined),
      'DELETE /favorites/1': { code: 10000 },
    });
    signIn();
    renderCollect();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Remove First from My List' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('System Error');
    expect(cards().map((card) => card.getAttribute('data-drama-id'))).toEqual(['3', '1']);
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    stubApi({ 'GET /favorites': () => (fail ? { code: 10000 } : page([favorite(1, 'First')])) });
    signIn();
    renderCollect();
    const error = await screen.findByTestId('collect-error');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
