import type { ConsoleDrama } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole } from '../../test/render-console';
import { layOutListRows } from '../../test/row-layout';
import { drama, EDITOR, episode } from './catalogue-fixtures';

const user = userEvent.setup({ delay: null });

/** The drama page on a fake API that keeps the drama and answers each write with it changed. */
function renderDrama(
  start: ConsoleDrama = drama(),
  writes: Record<string, (request: ReceivedRequest, current: ConsoleDrama) => FakeAnswer> = {},
) {
  let current = start;
  const write =
    (route: string, change: (body: never, current: ConsoleDrama) => ConsoleDrama) => (request: ReceivedRequest) => {
      const custom = writes[route];
      if (custom) return custom(request, current);
      current = change(request.body as never, current);
      return { data: current };
    };
  return renderConsole('/catalogue/7', {
    operator: EDITOR,
    api: {
      'GET /catalogue/dramas/7': () => ({ data: current }),
      'GET /catalogue/dramas/7/imports': { data: { imports: [] } },
      'PUT /catalogue/dramas/7/pricing': write('pricing', (body: Record<string, number>, d) => ({ ...d, ...body })),
      'PUT /catalogue/dramas/7/episodes/order': write('order', (body: { episode_ids: number[] }, d) => ({
        ...d,
        episodes: body.episode_ids.map((id, index) => ({ ...d.episodes.find((e) => e.id === id)!, number: index + 1 })),
      })),
      'POST /catalogue/dramas/7/publish': write('publish', (_body, d) => ({
        ...d,
        status: 'published',
        published_at: '2026-11-21T10:00:00.000Z',
      })),
      'POST /catalogue/dramas/7/schedule': write('schedule', (body: { published_at: string }, d) => ({
        ...d,
        status: 'scheduled',
        published_at: body.published_at,
      })),
    },
  });
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Night Bride' }, { timeout: 5000 });
const episodeList = () => screen.getByRole('list', { name: 'Episode order' });
const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.drama-summary__title')?.textContent);
const pricing = () => screen.getByRole('region', { name: 'Pricing' });
const field = (region: HTMLElement, name: string) => within(region).getByRole('textbox', { name });

describe('pricing', () => {
  it('shows which episodes are free and what the rest cost, following the form as it is typed', async () => {
    renderDrama();
    await heading();
    const preview = () =>
      within(pricing())
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(preview()).toEqual(['Episodes 1–2: free', 'Episode 3: 30 coins', 'All locked episodes at once: 30 coins']);
    await user.clear(field(pricing(), 'Free episodes'));
    await user.type(field(pricing(), 'Free episodes'), '0');
    await user.clear(field(pricing(), 'Price of one episode (coins)'));
    await user.type(field(pricing(), 'Price of one episode (coins)'), '25');
    expect(preview()).toEqual(['Episodes 1–3: 25 coins each', 'All locked episodes at once: 50 coins']);
  });

  it('refuses a negative or fractional price without sending it', async () => {
    const { received } = renderDrama();
    await heading();
    await user.clear(field(pricing(), 'Price of one episode (coins)'));
    await user.type(field(pricing(), 'Price of one episode (coins)'), '-1');
    await user.clear(field(pricing(), 'Price of all episodes (coins)'));
    await user.type(field(pricing(), 'Price of all episodes (coins)'), '9.5');
    await user.click(within(pricing()).getByRole('button', { name: 'Save' }));
    expect(field(pricing(), 'Price of one episode (coins)')).toHaveAccessibleDescription(
      'Enter a whole number, 0 or more.',
    );
    expect(field(pricing(), 'Price of all episodes (coins)')).toHaveAccessibleDescription(
      'A viewer never pays more than the locked episodes one by one. Enter a whole number, 0 or more.',
    );
    expect(received.some((request) => request.path.endsWith('/pricing'))).toBe(false);
  });

  it('refuses a price over the maximum', async () => {
    const { received } = renderDrama();
    await heading();
    await user.clear(field(pricing(), 'Price of one episode (coins)'));
    await user.type(field(pricing(), 'Price of one episode (coins)'), '1000001');
    await user.click(within(pricing()).getByRole('button', { name: 'Save' }));
    expect(field(pricing(), 'Price of one episode (coins)')).toHaveAccessibleDescription('At most 1000000.');
    expect(received.some((request) => request.path.endsWith('/pricing'))).toBe(false);
  });

  it('saves the numbers with the reason, and the episodes show their new prices', async () => {
    const { received } = renderDrama(drama(), {
      pricing: (request, current) => ({
        data: {
          ...current,
          ...(request.body as object),
          episodes: current.episodes.map((e) => ({ ...e, free: e.number <= 1, price: e.number <= 1 ? 0 : 45 })),
        },
      }),
    });
    await heading();
    await user.clear(field(pricing(), 'Free episodes'));
    await user.type(field(pricing(), 'Free episodes'), '1');
    await user.clear(field(pricing(), 'Price of one episode (coins)'));
    await user.type(field(pricing(), 'Price of one episode (coins)'), '45');
    await user.type(field(pricing(), 'Reason (optional)'), 'launch');
    await user.click(within(pricing()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(pricing()).getByText(/The prices are saved/)).toBeInTheDocument());
    expect(received.find((request) => request.path.endsWith('/pricing'))?.body).toEqual({
      free_episodes: 1,
      episode_price: 45,
      all_price: 50,
      reason: 'launch',
    });
    expect(within(episodeList()).getAllByText(/45 coins/)).toHaveLength(2);
  });
});

describe('release', () => {
  it('publishes, and says why the server refused (80015)', async () => {
    const { received } = renderDrama(drama(), {
      publish: () => ({ code: 80015, status: 409, data: { missing: ['episodes'] } }),
    });
    await heading();
    const release = screen.getByRole('region', { name: 'Release' });
    await user.click(within(release).getByRole('button', { name: 'Publish now' }));
    expect(await within(release).findByRole('alert')).toHaveTextContent(
      'Add a poster and at least one playable episode before publishing.',
    );
    expect(received.filter((request) => request.path === '/catalogue/dramas/7/publish')).toHaveLength(1);
  });

  it('refuses a release time in the past, and schedules one to come as UTC', async () => {
    const { received } = renderDrama();
    await heading();
    const release = screen.getByRole('region', { name: 'Release' });
    const when = within(release).getByLabelText('Release at (UTC)');
    await user.type(when, '2020-01-01T10:00');
    await user.click(within(release).getByRole('button', { name: 'Schedule' }));
    expect(when).toHaveAccessibleDescription(/Choose a time to come\./);
    expect(received.some((request) => request.path.endsWith('/schedule'))).toBe(false);

    await user.clear(when);
    await user.type(when, '2099-06-01T20:30');
    await user.click(within(release).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(within(release).getByText('Scheduled for 2099-06-01 20:30 UTC')).toBeInTheDocument());
    expect(received.find((request) => request.path.endsWith('/schedule'))?.body).toEqual({
      published_at: '2099-06-01T20:30:00.000Z',
    });
  });
});

describe('episode order', () => {
  it('moves episodes with their buttons and saves the whole order', async () => {
    const { received } = renderDrama();
    await heading();
    expect(titlesIn(episodeList())).toEqual(['Episode 1', 'Episode 2', 'Episode 3']);
    await user.click(screen.getByRole('button', { name: 'Move Episode 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Move Episode 3 up' }));
    expect(titlesIn(episodeList())).toEqual(['Episode 3', 'Episode 1', 'Episode 2']);
    expect(screen.getByText('Episode 3 moved to position 1 of 3.')).toBeInTheDocument();
    // At the top, its up button is disabled: the focus stays on its down button.
    expect(screen.getByRole('button', { name: 'Move Episode 3 down' })).toHaveFocus();
    expect(screen.getByText('The new order is not saved yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    await waitFor(() =>
      expect(screen.getByText('The new order is saved: episodes are numbered 1 to 3.')).toBeInTheDocument(),
    );
    expect(received.find((request) => request.path.endsWith('/episodes/order'))?.body).toEqual({
      episode_ids: [103, 101, 102],
    });
    expect(screen.queryByText('The new order is not saved yet.')).not.toBeInTheDocument();
  });

  it('undoes an unsaved order', async () => {
    renderDrama();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Move Episode 1 down' }));
    expect(titlesIn(episodeList())).toEqual(['Episode 2', 'Episode 1', 'Episode 3']);
    await user.click(screen.getByRole('button', { name: 'Undo the changes' }));
    expect(titlesIn(episodeList())).toEqual(['Episode 1', 'Episode 2', 'Episode 3']);
  });

  it('keeps the unsaved order when the server refuses it, and says why', async () => {
    renderDrama(drama(), {
      order: () => ({
        code: 10001,
        status: 400,
        data: { fields: [{ field: 'body.episode_ids', message: 'leaves out 104' }] },
      }),
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Move Episode 1 down' }));
    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('body.episode_ids: leaves out 104');
    expect(titlesIn(episodeList())).toEqual(['Episode 2', 'Episode 1', 'Episode 3']);
  });

  it('deletes only while the drama is not published', async () => {
    renderDrama(drama({ status: 'published', published_at: '2026-01-01T00:00:00.000Z' }));
    await heading();
    expect(screen.getByRole('button', { name: 'Delete episode 2' })).toBeDisabled();
  });
});

describe('episode order by keyboard (drag and drop)', () => {
  beforeEach(layOutListRows);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('picks an episode up with space, moves it with the arrows and drops it with space', async () => {
    const { received } = renderDrama(drama({ episodes: [episode(101, 1), episode(102, 2), episode(103, 3)] }));
    await heading();
    const handle = screen.getByRole('button', { name: 'Move episode 1, Episode 1' });
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(titlesIn(episodeList())).toEqual(['Episode 2', 'Episode 3', 'Episode 1']));
    expect(screen.getByText(/Episode 1 dropped at position 3 of 3\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    await waitFor(() =>
      expect(received.find((request) => request.path.endsWith('/episodes/order'))?.body).toEqual({
        episode_ids: [102, 103, 101],
      }),
    );
  });
});
