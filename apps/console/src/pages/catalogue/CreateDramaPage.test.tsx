import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole, whereAt } from '../../test/render-console';
import { drama, EDITOR } from './catalogue-fixtures';

const user = userEvent.setup({ delay: null });

function renderCreate(answer: () => { code?: number; data?: unknown; status?: number } = () => ({ data: drama() })) {
  return renderConsole('/catalogue/new', {
    operator: EDITOR,
    api: {
      'POST /catalogue/dramas': answer,
      'GET /catalogue/dramas/7': { data: drama() },
      'GET /catalogue/dramas/7/imports': { data: { imports: [] } },
    },
  });
}

// The page is loaded lazily; a busy machine may take more than the default second.
const englishTitle = () => screen.findByRole('textbox', { name: 'Title (English)' }, { timeout: 5000 });
const field = (name: string) => screen.getByRole('textbox', { name });

describe('creating a drama', () => {
  it('refuses a missing English title and a negative price before sending anything', async () => {
    const { received } = renderCreate();
    await englishTitle();
    await user.type(field('Price of one episode (coins)'), '-5');
    await user.type(field('Price of all episodes (coins)'), '60');
    await user.click(screen.getByRole('button', { name: 'Create drama' }));

    expect(field('Title (English)')).toHaveAccessibleDescription('Required.');
    expect(field('Title (English)')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Price of one episode (coins)')).toHaveAccessibleDescription('Enter a whole number, 0 or more.');
    expect(screen.getByRole('tab', { name: /English \(required\).*has an error/ })).toBeInTheDocument();
    expect(received.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('refuses a title over 200 characters and a tag listed twice, with the same rules as the server', async () => {
    const { received } = renderCreate();
    await user.click(await englishTitle());
    await user.paste('x'.repeat(201));
    await user.type(field('Tags'), 'romance, romance');
    await user.type(field('Price of one episode (coins)'), '30');
    await user.type(field('Price of all episodes (coins)'), '60');
    await user.click(screen.getByRole('button', { name: 'Create drama' }));
    expect(field('Title (English)')).toHaveAccessibleDescription('At most 200 characters.');
    expect(field('Tags')).toHaveAccessibleDescription('Separated by commas, e.g. romance, ceo. A tag is listed twice.');
    expect(received.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends the three languages, tags, prices and reason, then opens the new drama', async () => {
    const { received, router } = renderCreate();
    await user.type(await englishTitle(), 'Night Bride');
    await user.type(field('Synopsis (English)'), 'A bride at midnight.');
    await user.click(screen.getByRole('tab', { name: 'Chinese' }));
    await user.type(field('Title (Chinese)'), '夜嫁');
    await user.type(field('Tags'), 'romance, revenge ');
    await user.click(screen.getByRole('checkbox', { name: 'Revenge' }));
    await user.click(screen.getByRole('checkbox', { name: 'Romance' }));
    await user.clear(field('Free episodes'));
    await user.type(field('Free episodes'), '2');
    await user.type(field('Price of one episode (coins)'), '30');
    await user.type(field('Price of all episodes (coins)'), '50');
    await user.type(field('Reason (optional)'), 'new series');
    await user.click(screen.getByRole('button', { name: 'Create drama' }));

    await waitFor(() => expect(whereAt(router)).toBe('/catalogue/7'));
    expect(received.find((request) => request.method === 'POST')?.body).toEqual({
      title: { en: 'Night Bride', zh: '夜嫁' },
      synopsis: { en: 'A bride at midnight.' },
      tags: ['romance', 'revenge'],
      // In the catalogue's order, not the order ticked.
      genres: ['romance', 'revenge'],
      free_episodes: 2,
      episode_price: 30,
      all_price: 50,
      reason: 'new series',
    });
  });

  it("shows the server's refusal of a field beside that field", async () => {
    renderCreate(() => ({
      code: 10001,
      status: 400,
      data: { fields: [{ field: 'body.title.en', message: 'has control characters' }] },
    }));
    await user.type(await englishTitle(), 'Night Bride');
    await user.type(field('Synopsis (English)'), 'A bride at midnight.');
    await user.type(field('Price of one episode (coins)'), '30');
    await user.type(field('Price of all episodes (coins)'), '50');
    await user.click(screen.getByRole('button', { name: 'Create drama' }));
    await waitFor(() => expect(field('Title (English)')).toHaveAccessibleDescription('has control characters'));
  });
});
