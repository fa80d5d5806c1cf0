import type { FeedItem, ForYouPage as FeedPage } from '@cliffhanger/contract/browser';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Route } from '../../../test/fake-api';
import { renderRoutes, Where } from '../../../test/render';
import { playback } from '../../video/test/fixtures';
import { ForYouPage, type OpeningStageProps } from './for-you-page';

afterEach(() => vi.restoreAllMocks());

const item = (id: number, reason: FeedItem['reason'] = 'trending'): FeedItem => ({
  drama: {
    id,
    title: `Drama ${id}`,
    poster: `/media/posters/${id}.jpg`,
    tags: [],
    genres: [],
    hits: 0,
    likes: 0,
    episode_count: 3,
    free_episodes: 1,
  },
  episode_id: id * 100,
  reason,
});
const feedPage = (ids: number[], next: string | null = null): FeedPage => ({
  list: ids.map((id) => item(id, id === 1 ? 'similar' : 'trending')),
  next_cursor: next,
});
const opening = (id: number) => playback(1, { playlist_url: `/media/episodes/${id}/1/master.m3u8?sig=x` });

/** A stand-in player: what it was given, and its ended event. */
function FakeStage({ playback: current, next, onEnded }: OpeningStageProps) {
  return (
    <div>
      <p data-testid="playing">{current.playlist_url}</p>
      <p data-testid="preloaded">{next?.playlist_url ?? 'none'}</p>
      <button type="button" onClick={onEnded}>
        end
      </button>
    </div>
  );
}

function openingsApi(ids: number[]): Record<string, Route> {
  return Object.fromEntries(ids.map((id) => [`GET /episodes/${id * 100}/play`, { code: 200, data: opening(id) }]));
}

function renderFeed(routes: Record<string, Route>, search = '?feed=for-you') {
  const api = stubApi(routes);
  const view = renderRoutes(
    [
      { path: '/pages/video/mobileVideoIndex', element: <ForYouPage Stage={FakeStage} /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`/pages/video/mobileVideoIndex${search}`] },
  );
  return { api, ...view };
}

const swipeUp = () => {
  const stage = screen.getByRole('region');
  fireEvent.pointerDown(stage, { clientX: 100, clientY: 500, pointerId: 1, pointerType: 'touch' });
  fireEvent.pointerUp(stage, { clientX: 100, clientY: 300, pointerId: 1, pointerType: 'touch' });
};

describe('ForYouPage', () => {
  it('plays the first drama’s opening with the next one preloaded, and says why it is here', async () => {
    renderFeed({
      'GET /feed/for-you': { code: 200, data: feedPage([1, 2, 3, 4, 5]) },
      ...openingsApi([1, 2, 3, 4, 5]),
    });
    expect(await screen.findByTestId('playing')).toHaveTextContent('/media/episodes/1/1/');
    expect(screen.getByTestId('for-you-title')).toHaveTextContent('Drama 1');
    expect(screen.getByText('Like what you watched')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('preloaded')).toHaveTextContent('/media/episodes/2/1/'));
  });

  it('swipes up to the next drama and down back; ArrowDown and the buttons do the same', async () => {
    renderFeed({
      'GET /feed/for-you': { code: 200, data: feedPage([1, 2, 3, 4, 5]) },
      ...openingsApi([1, 2, 3, 4, 5]),
    });
    await screen.findByTestId('playing');
    expect(screen.getByTestId('for-you-prev')).toBeDisabled();
    swipeUp();
    expect(await screen.findByText('/media/episodes/2/1/master.m3u8?sig=x')).toBeInTheDocument();
    expect(screen.getByTestId('for-you-title')).toHaveTextContent('Drama 2');
    expect(screen.getByText('Trending now')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(await screen.findByText('/media/episodes/3/1/master.m3u8?sig=x')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('for-you-prev'));
    expect(await screen.findByText('/media/episodes/2/1/master.m3u8?sig=x')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('for-you-next'));
    expect(await screen.findByText('/media/episodes/3/1/master.m3u8?sig=x')).toBeInTheDocument();
  });

  it('keeps its position in the address, so Back from a drama returns to the same one', async () => {
    const { router } = renderFeed(
      { 'GET /feed/for-you': { code: 200, data: feedPage([1, 2, 3, 4]) }, ...openingsApi([1, 2, 3, 4]) },
      '?feed=for-you&at=2',
    );
    expect(await screen.findByTestId('playing')).toHaveTextContent('/media/episodes/3/1/');
    swipeUp();
    expect(await screen.findByText('/media/episodes/4/1/master.m3u8?sig=x')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?feed=for-you&at=3');
  });

  it('moves on when an opening ends', async () => {
    renderFeed({ 'GET /feed/for-you': { code: 200, data: feedPage([1, 2]) }, ...openingsApi([1, 2]) });
    await screen.findByTestId('playing');
    fireEvent.click(screen.getByRole('button', { name: 'end' }));
    expect(await screen.findByText('/media/episodes/2/1/master.m3u8?sig=x')).toBeInTheDocument();
  });

  it('asks for the next page with its cursor as the viewer nears the end', async () => {
    const { api } = renderFeed({
      'GET /feed/for-you': (call) =>
        call.query.get('cursor') === '3'
          ? { code: 200, data: feedPage([4, 5]) }
          : { code: 200, data: feedPage([1, 2, 3], '3') },
      ...openingsApi([1, 2, 3, 4, 5]),
    });
    await screen.findByTestId('playing');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/feed/for-you').map((c) => c.query.get('cursor'))).toEqual([
        null,
        '3',
      ]),
    );
    for (const id of [2, 3, 4, 5]) {
      swipeUp();
      expect(await screen.findByText(`/media/episodes/${id}/1/master.m3u8?sig=x`)).toBeInTheDocument();
    }
    expect(screen.getByTestId('for-you-next')).toBeDisabled();
  });

  it('goes into the drama at its opening with "Watch the series"', async () => {
    renderFeed({ 'GET /feed/for-you': { code: 200, data: feedPage([1, 2]) }, ...openingsApi([1, 2]) });
    await screen.findByTestId('playing');
    swipeUp();
    await screen.findByText('/media/episodes/2/1/master.m3u8?sig=x');
    fireEvent.click(screen.getByTestId('for-you-watch'));
    expect(await screen.findByTestId('where')).toHaveTextContent(/drama_id=2&episode_id=200$/);
  });

  it('says so when there is nothing to show', async () => {
    renderFeed({ 'GET /feed/for-you': { code: 200, data: feedPage([]) } });
    expect(await screen.findByTestId('for-you-empty')).toHaveTextContent('Nothing to show yet');
  });

  it('offers a retry when the feed cannot load', async () => {
    let calls = 0;
    renderFeed({
      'GET /feed/for-you': () => {
        calls += 1;
        return calls === 1 ? { networkError: true } : { code: 200, data: feedPage([1]) };
      },
      ...openingsApi([1]),
    });
    fireEvent.click(await screen.findByTestId('for-you-error-retry'));
    expect(await screen.findByTestId('playing')).toHaveTextContent('/media/episodes/1/1/');
  });
});
