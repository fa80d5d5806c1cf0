import type { ConsoleDramaRow } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole, whereAt } from '../../test/render-console';
import { drama, EDITOR } from './catalogue-fixtures';

const user = userEvent.setup({ delay: null });

function row(id: number, title: string, extra: Partial<ConsoleDramaRow> = {}): ConsoleDramaRow {
  const { episodes: _episodes, synopsis: _synopsis, banner: _banner, likes: _likes, ...base } = drama();
  return { ...base, id, slug: title.toLowerCase().replace(/ /g, '-'), title: { en: title }, ...extra };
}

function renderList(path = '/catalogue', total = 60) {
  return renderConsole(path, {
    operator: EDITOR,
    api: {
      'GET /catalogue/dramas': (request) => {
        const query = new URLSearchParams(request.path.split('?')[1]);
        const page = Number(query.get('page'));
        return {
          data: {
            list: [
              row(page * 10 + 1, `Drama ${page}-a`, { status: 'published', published_at: '2026-11-01T08:00:00.000Z' }),
              row(page * 10 + 2, `Drama ${page}-b`, { poster: '' }),
            ],
            page,
            size: 25,
            total,
            has_more: page * 25 < total,
          },
        };
      },
      'GET /catalogue/tags': { data: ['ceo', 'romance'] },
    },
  });
}

const table = () => screen.findByRole('table', { name: /dramas/ }, { timeout: 5000 });
const lastQuery = (received: { path: string }[]) =>
  new URLSearchParams(
    received
      .filter((r) => r.path.startsWith('/catalogue/dramas'))
      .at(-1)!
      .path.split('?')[1],
  );

describe('the drama list', () => {
  it('shows each drama with its status, episodes and prices, linked to its page', async () => {
    renderList();
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Drama 1-a');
    expect(rows[1]).toHaveTextContent('Published 2026-11-01 08:00 UTC');
    expect(rows[1]).toHaveTextContent('2 free, then 30 coins each; all 50 coins');
    expect(rows[2]).toHaveTextContent('Not published');
    expect(rows[2]).toHaveTextContent('No poster');
    expect(within(rows[1]!).getByRole('link', { name: 'Drama 1-a' })).toHaveAttribute('href', '/catalogue/11');
    expect(screen.getByRole('table', { name: '60 dramas' })).toBeInTheDocument();
  });

  it('searches, filters by status and tag, sorts, and keeps it all in the address', async () => {
    const { received, router } = renderList();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '夜嫁');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'scheduled');
    await screen.findByRole('option', { name: 'ceo' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'ceo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'hits');
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(received))).toEqual({
        page: '1',
        size: '25',
        sort: 'hits',
        q: '夜嫁',
        status: 'scheduled',
        tag: 'ceo',
      }),
    );
    expect(whereAt(router)).toBe('/catalogue?q=%E5%A4%9C%E5%AB%81&status=scheduled&tag=ceo&sort=hits');
  });

  it('pages through the list, and a new filter starts again from the first page', async () => {
    const { received } = renderList();
    await table();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 3 of 3')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(lastQuery(received).get('page')).toBe('3');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'published');
    await waitFor(() => expect(lastQuery(received).get('page')).toBe('1'));
  });
});
