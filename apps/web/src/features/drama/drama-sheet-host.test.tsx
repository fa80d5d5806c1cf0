import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { dramaSheetHref } from '../../lib/drama-sheet';
import { PATHS } from '../../lib/paths';
import { setSession } from '../../lib/session';
import { dramaDetail, dramaEpisode, vipDramaDetail } from '../../test/drama-detail';
import { stubApi } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { renderRoutes, Where } from '../../test/render';
import { DramaSheetHost } from './drama-sheet-host';

const HOME = PATHS.home;

/** Home with one poster that opens drama 9's sheet, the sheet host as the app shell mounts it, and a page for anywhere else. */
function renderApp(initial = `${HOME}?sort=likes`) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <DramaSheetHost />
          </>
        ),
        children: [
          {
            path: HOME,
            element: (
              <>
                <Link to={dramaSheetHref({ pathname: HOME, search: '?sort=likes' }, 9)} data-testid="poster">
                  Night Bride
                </Link>
                <Where />
              </>
            ),
          },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
}

/** Bounds of waits: jsdom on a busy machine renders and fetches slowly. */
const EVENTUALLY = { timeout: 5_000 };
// The sheet's code is a lazy chunk, which can take seconds to load in jsdom on a busy machine.
const sheet = () => screen.findByRole('dialog', {}, { timeout: 10_000 });

beforeEach(() => {
  window.innerWidth = 390;
});

describe('drama sheet', () => {
  it('opens from a poster over the page, shows the facts and prices, and closes with Escape back to the poster', async () => {
    const api = stubApi({ 'GET /dramas/9': { code: 200, data: dramaDetail() } });
    renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('poster'));
    const dialog = await sheet();
    expect(screen.getByTestId('where')).toHaveTextContent(`${HOME}?sort=likes&drama=9`);
    await waitFor(() => expect(dialog).toHaveAccessibleName('Night Bride'), EVENTUALLY);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Night Bride' })).toHaveFocus();
    expect(within(dialog).getByTestId('drama-synopsis')).toHaveTextContent('A bride at midnight.');
    expect(within(dialog).getByTestId('drama-price-episode')).toHaveTextContent('30 coins');
    expect(within(dialog).getByTestId('drama-price-all')).toHaveTextContent('100 coins for 4 episodes');
    expect(within(dialog).getByTestId('drama-vip-covers')).toBeInTheDocument();
    // No progress: Play starts episode 1, on the phone's video page.
    const play = within(dialog).getByTestId('drama-play');
    expect(play).toHaveTextContent('Play');
    expect(play).toHaveAttribute('href', '/pages/video/mobileVideoIndex?drama_id=9&episode_id=301');
    const tiles = within(dialog).getAllByTestId('drama-episode');
    expect(tiles.map((tile) => tile.getAttribute('data-mark'))).toEqual([
      'free',
      'free',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
    expect(tiles[2]).toHaveAccessibleName('Episode 3, locked, 30 coins');
    expect(tiles[2]).toHaveTextContent('330');
    expect(api.callsTo('GET /dramas/9')[0]!.query.get('lang')).toBe('en');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), EVENTUALLY);
    expect(screen.getByTestId('where')).toHaveTextContent(`${HOME}?sort=likes`);
    expect(screen.getByTestId('where')).not.toHaveTextContent('drama=');
    expect(screen.getByTestId('poster')).toHaveFocus();
  });

  it('plays from where the viewer left off, on the desktop page on a wide screen', async () => {
    window.innerWidth = 1280;
    stubApi({
      'GET /dramas/9': {
        code: 200,
        data: dramaDetail({
          progress: { episode_id: 304, position_s: 42 },
          viewer: { signed_in: true, vip: false, coin: 12 },
          episodes: [1, 2, 3, 4, 5, 6].map((n) => dramaEpisode(n, { locked: n > 4 })),
          prices: { episode: 30, all: 60, locked_count: 2 },
        }),
      },
    });
    renderApp(`${HOME}?drama=9`);
    const dialog = await sheet();
    const play = await within(dialog).findByTestId('drama-play', {}, EVENTUALLY);
    expect(play).toHaveTextContent('Continue episode 4');
    expect(play).toHaveAttribute('href', '/pages/video/index?drama_id=9&episode_id=304');
    expect(within(dialog).getByTestId('drama-price-all')).toHaveTextContent('60 coins for 2 episodes');
    await userEvent.setup().click(play);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), EVENTUALLY);
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/video/index?drama_id=9&episode_id=304');
  });

  it('closes a sheet opened by a link into the page below it, in its place', async () => {
    stubApi({ 'GET /dramas/9': { code: 200, data: dramaDetail() } });
    const { router } = renderApp(`${HOME}?sort=likes&drama=9`);
    const dialog = await sheet();
    await userEvent.setup().click(within(dialog).getByTestId('drama-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), EVENTUALLY);
    expect(router.state.location.search).toBe('?sort=likes');
  });

  it("marks a VIP's paid episodes VIP and says VIP covers the drama", async () => {
    stubApi({ 'GET /dramas/9': { code: 200, data: vipDramaDetail() } });
    renderApp(`${HOME}?drama=9`);
    const dialog = await sheet();
    const offer = await within(dialog).findByTestId('drama-offer', {}, EVENTUALLY);
    expect(offer).toHaveTextContent('Included with your VIP');
    expect(within(dialog).queryByTestId('drama-price-episode')).toBeNull();
    const marks = within(dialog)
      .getAllByTestId('drama-episode')
      .map((tile) => tile.getAttribute('data-mark'));
    expect(marks).toEqual(['free', 'free', 'vip', 'vip', 'vip', 'vip']);
  });

  it('asks a visitor to sign in to collect, and brings them back to the sheet', async () => {
    const api = stubApi({ 'GET /dramas/9': { code: 200, data: dramaDetail() } });
    renderApp(`${HOME}?drama=9`);
    const dialog = await sheet();
    await userEvent.setup().click(await within(dialog).findByTestId('drama-collect', {}, EVENTUALLY));
    await waitFor(
      () =>
        expect(screen.getByTestId('where')).toHaveTextContent(
          `${PATHS.login}?redirect=${encodeURIComponent(`${HOME}?drama=9`)}`,
        ),
      EVENTUALLY,
    );
    expect(api.callsTo('PUT /favorites/9')).toEqual([]);
  });

  it('collects and uncollects for a signed-in viewer', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const api = stubApi({
      'GET /dramas/9': { code: 200, data: dramaDetail({ viewer: { signed_in: true, vip: false, coin: 0 } }) },
      'PUT /favorites/9': { code: 200, data: { favorited: true } },
      'DELETE /favorites/9': { code: 200, data: { favorited: false } },
    });
    renderApp(`${HOME}?drama=9`);
    const dialog = await sheet();
    const button = await within(dialog).findByTestId('drama-collect', {}, EVENTUALLY);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    const user = userEvent.setup();
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'), EVENTUALLY);
    expect(button).toHaveTextContent('Remove from my list');
    expect(api.callsTo('PUT /favorites/9')).toHaveLength(1);
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'), EVENTUALLY);
    expect(api.callsTo('DELETE /favorites/9')).toHaveLength(1);
  });

  it('says so when the drama is not there', async () => {
    stubApi({});
    renderApp(`${HOME}?drama=404`);
    expect(await screen.findByTestId('drama-error', {}, EVENTUALLY)).toHaveTextContent('Not found');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens nothing for a malformed id', async () => {
    const api = stubApi({});
    renderApp(`${HOME}?drama=abc`);
    await screen.findByTestId('where');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
