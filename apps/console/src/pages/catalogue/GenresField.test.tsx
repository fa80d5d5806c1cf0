import type { ConsoleDrama } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole } from '../../test/render-console';
import { drama, EDITOR } from './catalogue-fixtures';

const user = userEvent.setup({ delay: null });

/** The drama page on a fake API whose details save answers the drama with the body applied. */
function renderDrama(start: ConsoleDrama = drama({ genres: ['romance'] })) {
  let current = start;
  return renderConsole('/catalogue/7', {
    operator: EDITOR,
    api: {
      'GET /catalogue/dramas/7': () => ({ data: current }),
      'GET /catalogue/dramas/7/imports': { data: { imports: [] } },
      'PUT /catalogue/dramas/7': (request: ReceivedRequest) => {
        current = { ...current, ...(request.body as Partial<ConsoleDrama>) };
        return { data: current };
      },
    },
  });
}

const details = () => screen.findByRole('region', { name: 'Titles, synopses, tags and genres' }, { timeout: 5000 });
const genres = async () => within(await details()).getByRole('group', { name: 'Genres' });
const box = async (name: string) => within(await genres()).getByRole('checkbox', { name });
const save = async () => user.click(within(await details()).getByRole('button', { name: 'Save' }));
const puts = (received: ReceivedRequest[]) => received.filter((request) => request.method === 'PUT');

describe('the genre select', () => {
  it("offers every genre of the contract's catalogue by name, the drama's own ticked", async () => {
    renderDrama();
    const names = within(await genres())
      .getAllByRole('checkbox')
      .map((input) => input.closest('label')?.textContent);
    expect(names).toEqual([
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
    expect(await box('Romance')).toBeChecked();
    expect(await box('CEO')).not.toBeChecked();
  });

  it('saves the genres ticked in the catalogue order, with the rest of the details', async () => {
    const { received } = renderDrama();
    await user.click(await box('Werewolf'));
    await user.click(await box('Romance'));
    await user.click(await box('CEO'));
    await save();
    await waitFor(() => expect(puts(received)).toHaveLength(1));
    expect(puts(received)[0]?.body).toMatchObject({ genres: ['ceo', 'werewolf'], tags: ['romance'] });
    expect(await box('CEO')).toBeChecked();
  });

  it('refuses a fourth genre by the contract, under the field, without sending it', async () => {
    const { received } = renderDrama();
    for (const name of ['CEO', 'Family', 'Comedy']) await user.click(await box(name));
    await save();
    expect(await genres()).toHaveAccessibleDescription(/At most 3 genres\./);
    expect(puts(received)).toHaveLength(0);

    await user.click(await box('Family'));
    await save();
    await waitFor(() => expect(puts(received)).toHaveLength(1));
    expect(puts(received)[0]?.body).toMatchObject({ genres: ['romance', 'ceo', 'comedy'] });
  });
});
