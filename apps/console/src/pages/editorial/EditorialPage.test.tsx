import type { Home } from '@cliffhanger/contract/browser';
import type { Editorial, EditorialDrama, Operator } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole } from '../../test/render-console';
import { layOutListRows } from '../../test/row-layout';

const user = userEvent.setup({ delay: null });
const EDITOR: Operator = { id: 2, email: 'editor@example.com', role: 'editor' };

function drama(id: number, title: string, extra: Partial<EditorialDrama> = {}): EditorialDrama {
  return {
    id,
    title,
    poster: `/media/posters/${id}.jpg`,
    banner: `/media/banners/${id}.jpg`,
    status: 'published',
    published_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const ALPHA = drama(1, 'Alpha');
const BETA = drama(2, 'Beta');
const GAMMA = drama(3, 'Gamma');
const BARE = drama(4, 'Bare', { banner: null });
const DRAFT = drama(5, 'Draft', { status: 'not_published', published_at: null });

function homeIn(lang: string): Home {
  return {
    banners: [{ drama_id: 1, title: `Alpha (${lang})`, image: '/media/banners/1.jpg' }],
    recommended: [
      {
        id: 3,
        title: `Gamma (${lang})`,
        poster: '/media/posters/3.jpg',
        tags: [],
        genres: [],
        hits: 0,
        likes: 0,
        episode_count: 4,
        free_episodes: 2,
      },
    ],
    hot: [],
    latest: [],
  };
}

/** The editorial page on a fake API whose saved lists change as the page saves them. */
function renderEditorial(
  put: (request: ReceivedRequest) => { code?: number; data?: unknown; status?: number } = () => ({}),
) {
  const editorial: Editorial = { banners: [ALPHA, BETA], shelf: [GAMMA] };
  return renderConsole('/editorial', {
    operator: EDITOR,
    api: {
      'GET /editorial': () => ({ data: editorial }),
      'GET /editorial/candidates': (request) => {
        const q = new URLSearchParams(request.path.split('?')[1]).get('q') ?? '';
        const all = [ALPHA, BETA, GAMMA, BARE, DRAFT];
        return { data: all.filter((d) => d.title.toLowerCase().includes(q.toLowerCase())) };
      },
      'GET /editorial/preview': (request) => ({
        data: homeIn(new URLSearchParams(request.path.split('?')[1]).get('lang') ?? '?'),
      }),
      'PUT /editorial/banners': (request) => {
        const answer = put(request);
        if ((answer.code ?? 200) !== 200) return answer;
        const ids = (request.body as { drama_ids: number[] }).drama_ids;
        const known = [ALPHA, BETA, GAMMA, BARE, DRAFT];
        editorial.banners = ids.map((id) => known.find((d) => d.id === id) ?? ALPHA);
        return { data: editorial };
      },
      'PUT /editorial/shelf': (request) => {
        const ids = (request.body as { drama_ids: number[] }).drama_ids;
        const known = [ALPHA, BETA, GAMMA, BARE, DRAFT];
        editorial.shelf = ids.map((id) => known.find((d) => d.id === id) ?? ALPHA);
        return { data: editorial };
      },
    },
  });
}

// The page is loaded lazily; a busy machine may take more than the default second.
const bannerList = () => screen.findByRole('list', { name: /Banner carousel: \d+ of 10/ }, { timeout: 5000 });
const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.drama-summary__title')?.textContent);
const bannerSection = () => screen.getByRole('region', { name: 'Banner carousel' });

describe('the editorial page', () => {
  it('shows both lists in order, each drama with its state', async () => {
    renderEditorial();
    expect(titlesIn(await bannerList())).toEqual(['Alpha', 'Beta']);
    const shelf = screen.getByRole('list', { name: 'Recommended shelf: 1 of 10' });
    expect(titlesIn(shelf)).toEqual(['Gamma']);
    expect(within(shelf).getByText('Published')).toBeInTheDocument();
  });

  it('moves a drama with its buttons, keeps focus on it, and saves the order with a reason', async () => {
    const { received } = renderEditorial();
    await user.click(within(await bannerList()).getByRole('button', { name: 'Move Alpha down' }));
    expect(titlesIn(await bannerList())).toEqual(['Beta', 'Alpha']);
    // Alpha is last now: its down button is disabled, so focus is on its up button.
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toHaveFocus();
    expect(screen.getByText('Alpha is now at position 2 of 2.')).toBeInTheDocument();

    const section = bannerSection();
    await user.click(within(section).getByRole('button', { name: 'Save Banner carousel' }));
    expect(within(section).getByText('Give a reason for the change.')).toBeInTheDocument();
    expect(received.some((r) => r.method === 'PUT')).toBe(false);

    await user.type(within(section).getByLabelText('Reason for this change'), 'Beta first this week');
    const previewsBeforeSave = received.filter((r) => r.path.startsWith('/editorial/preview')).length;
    await user.click(within(section).getByRole('button', { name: 'Save Banner carousel' }));
    await waitFor(() => expect(within(section).getByText(/Saved\./)).toBeInTheDocument());
    expect(received.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/editorial/banners',
      body: { drama_ids: [2, 1], reason: 'Beta first this week' },
      headers: { 'x-console-request': '1' },
    });
    // The preview asks the server again after a save.
    await waitFor(() =>
      expect(received.filter((r) => r.path.startsWith('/editorial/preview')).length).toBeGreaterThan(
        previewsBeforeSave,
      ),
    );
  });

  it('adds from a search, refusing what is placed, what lacks a banner, and removes', async () => {
    const { received } = renderEditorial();
    await bannerList();
    const section = bannerSection();
    const search = within(section).getByRole('search');
    await user.type(within(search).getByLabelText('Find a drama to add'), 'a');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(received.some((r) => r.path === '/editorial/candidates?q=a')).toBe(true));
    const results = await within(section).findByRole('list', { name: 'Dramas found' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(5));
    const row = (title: string) => within(results).getByText(title).closest('li') as HTMLElement;
    expect(within(row('Alpha')).getByText('Placed')).toBeInTheDocument();
    expect(within(row('Bare')).getByText('Needs a banner image')).toBeInTheDocument();

    await user.click(within(row('Draft')).getByRole('button', { name: 'Add Draft' }));
    expect(titlesIn(await bannerList())).toEqual(['Alpha', 'Beta', 'Draft']);
    expect(within(await bannerList()).getByText('Not published')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove Alpha' }));
    expect(titlesIn(await bannerList())).toEqual(['Beta', 'Draft']);
    await user.click(within(section).getByRole('button', { name: 'Discard changes' }));
    expect(titlesIn(await bannerList())).toEqual(['Alpha', 'Beta']);
  });

  it("says the server's refusal in words and keeps the unsaved order", async () => {
    renderEditorial(() => ({ code: 80011, status: 409, data: { ids: [4] } }));
    await user.click(within(await bannerList()).getByRole('button', { name: 'Move Beta up' }));
    const section = bannerSection();
    await user.type(within(section).getByLabelText('Reason for this change'), 'try');
    await user.click(within(section).getByRole('button', { name: 'Save Banner carousel' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('cannot go on the banner carousel');
    expect(titlesIn(await bannerList())).toEqual(['Beta', 'Alpha']);
  });

  it('previews home per language in tabs, the arrow keys moving between them', async () => {
    const { received } = renderEditorial();
    const tabs = await screen.findByRole('tablist', { name: 'Preview language' }, { timeout: 5000 });
    expect(within(tabs).getByRole('tab', { name: 'Chinese' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Alpha (zh)')).toBeInTheDocument();
    expect(within(panel).getByText('Gamma (zh)')).toBeInTheDocument();

    within(tabs).getByRole('tab', { name: 'Chinese' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'English' })).toHaveFocus();
    expect(await within(screen.getByRole('tabpanel')).findByText('Alpha (en)')).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Turkish' }));
    expect(await within(screen.getByRole('tabpanel')).findByText('Gamma (tr)')).toBeInTheDocument();
    const asked = received.filter((r) => r.path.startsWith('/editorial/preview')).map((r) => r.path);
    expect([...new Set(asked)]).toEqual([
      '/editorial/preview?lang=zh',
      '/editorial/preview?lang=en',
      '/editorial/preview?lang=tr',
    ]);
  });
});

describe('reordering by keyboard (drag and drop)', () => {
  beforeEach(layOutListRows);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('picks a drama up with space, moves it with the arrows and drops it with space', async () => {
    renderEditorial();
    const handle = within(await bannerList()).getByRole('button', { name: 'Drag Alpha to reorder' });
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByText('Alpha moved to position 2 of 2.')).toBeInTheDocument());
    await user.keyboard(' ');
    await waitFor(() =>
      expect(titlesIn(screen.getByRole('list', { name: /Banner carousel/ }))).toEqual(['Beta', 'Alpha']),
    );
    expect(screen.getByText(/Alpha dropped at position 2 of 2\./)).toBeInTheDocument();
  });
});
