import type { ModerationComment, Operator } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole, whereAt } from '../../test/render-console';

const user = userEvent.setup({ delay: null });
const SUPPORT: Operator = { id: 4, email: 'support@example.com', role: 'support' };

function moderationComment(id: number, extra: Partial<ModerationComment> = {}): ModerationComment {
  return {
    id,
    text: `Comment ${id}`,
    created_at: '2026-11-20T08:00:00.000Z',
    state: 'visible',
    hidden_at: null,
    deleted_at: null,
    author: { uid: 50 + id, nickname: `Viewer ${id}`, comments_blocked_at: null },
    episode: { id: 700, number: 3 },
    drama: { id: 7, title: 'Night Train' },
    reports: { unsettled: 0, reasons: { spam: 0, abuse: 0, spoiler: 0, other: 0 }, last_at: null },
    reports_reviewed_at: null,
    ...extra,
  };
}

const REPORTED = moderationComment(1, {
  text: '<b>Buy coins cheap</b>',
  reports: { unsettled: 3, reasons: { spam: 2, abuse: 1, spoiler: 0, other: 0 }, last_at: '2026-11-21T09:30:00.000Z' },
});
const HIDDEN = moderationComment(2, { state: 'hidden', hidden_at: '2026-11-21T10:00:00.000Z' });
const DELETED = moderationComment(3, {
  state: 'deleted',
  deleted_at: '2026-11-21T11:00:00.000Z',
  author: { uid: 53, nickname: 'Troll', comments_blocked_at: '2026-11-21T11:00:00.000Z' },
});

const pageOf = (list: ModerationComment[]) => ({ list, page: 1, size: 20, total: list.length, has_more: false });

type Handler = (request: ReceivedRequest) => FakeAnswer;

function renderModeration(path = '/moderation', routes: Record<string, Handler> = {}) {
  return renderConsole(path, {
    operator: SUPPORT,
    api: {
      'GET /moderation/reported': () => ({ data: pageOf([REPORTED]) }),
      'GET /moderation/comments': () => ({ data: pageOf([DELETED, HIDDEN, REPORTED]) }),
      'GET /moderation/dramas/7': () => ({ data: { id: 7, title: 'Night Train' } }),
      ...routes,
    },
  });
}

const table = (name: string) => screen.findByRole('table', { name }, { timeout: 5000 });

describe('the moderation page', () => {
  it('lists reported comments with their reports, then the newest comments with their states, filtered by drama', async () => {
    const { router, received } = renderModeration();
    const [, row] = within(await table('Reported comments')).getAllByRole('row');
    expect(row).toHaveTextContent('<b>Buy coins cheap</b>');
    expect(row).toHaveTextContent('Viewer 1 (uid 51)');
    expect(row).toHaveTextContent('Night Train, episode 3');
    expect(row).toHaveTextContent('3 unsettled');
    expect(row).toHaveTextContent('spam 2, abuse 1');
    expect(row).toHaveTextContent('Newest 2026-11-21 09:30');
    expect(
      within(row as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Block commenting', 'Only this drama', 'Keep', 'Hide', 'Delete']);

    await user.click(screen.getByRole('tab', { name: 'Newest' }));
    const rows = within(await table('Newest comments'))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('button', { name: /: comment/ })
          .map((b) => b.textContent),
      ),
    ).toEqual([[], ['Show again', 'Delete'], ['Keep', 'Hide', 'Delete']]);
    expect(rows[0]).toHaveTextContent('Deleted');
    expect(rows[0]).toHaveTextContent('Blocked from commenting since 2026-11-21 11:00');
    expect(rows[1]).toHaveTextContent('Hidden');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Only this drama' }));
    await waitFor(() => expect(whereAt(router)).toBe('/moderation?view=newest&drama=7'));
    await waitFor(() =>
      expect(received.filter((r) => r.path.startsWith('/moderation/comments')).at(-1)?.path).toBe(
        '/moderation/comments?page=1&size=20&drama_id=7',
      ),
    );

    // The filter names the drama it shows.
    expect(await screen.findByText('Comments on Night Train only.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All dramas' }));
    await waitFor(() => expect(whereAt(router)).toBe('/moderation?view=newest'));
    expect(screen.getByText('Comments on every drama.')).toBeInTheDocument();
  });

  it('finds a drama to filter by from a piece of its title, and says when none matches', async () => {
    const { router, received } = renderModeration('/moderation?view=newest', {
      'GET /moderation/dramas': (request) => ({
        data: request.path.includes('q=night')
          ? [{ id: 7, title: 'Night Train' }]
          : request.path.includes('q=zzz')
            ? []
            : [
                { id: 9, title: 'Harbour Lights' },
                { id: 7, title: 'Night Train' },
              ],
      }),
    });
    await table('Newest comments');
    // An empty search offers the newest dramas.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByRole('list', { name: 'Dramas found' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Harbour LightsShow', 'Night TrainShow']);

    await user.type(screen.getByLabelText('Find a drama'), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No drama matches.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Find a drama'));
    await user.type(screen.getByLabelText('Find a drama'), 'night');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Show comments on Night Train' }));
    await waitFor(() => expect(whereAt(router)).toBe('/moderation?view=newest&drama=7'));
    await waitFor(() =>
      expect(received.filter((r) => r.path.startsWith('/moderation/comments')).at(-1)?.path).toBe(
        '/moderation/comments?page=1&size=20&drama_id=7',
      ),
    );
    expect(await screen.findByText('Comments on Night Train only.')).toBeInTheDocument();
    expect(received.map((r) => r.path)).toContain('/moderation/dramas?q=night');
  });

  it('hides a comment with a reason and asks for the lists again', async () => {
    let hidden = false;
    const { received } = renderModeration('/moderation', {
      'GET /moderation/reported': () => ({ data: pageOf(hidden ? [] : [REPORTED]) }),
      'POST /moderation/comments/1/hide': () => {
        hidden = true;
        return { data: { ...REPORTED, state: 'hidden' } };
      },
    });
    await user.click(within(await table('Reported comments')).getByRole('button', { name: 'Hide: comment 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide' });
    expect(dialog).toHaveTextContent('<b>Buy coins cheap</b>');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    expect(received.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), ' advertising ');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Comment 1 is hidden.')).toBeInTheDocument();
    const hide = received.find((r) => r.path === '/moderation/comments/1/hide');
    expect(hide).toMatchObject({ method: 'POST', body: { reason: 'advertising' } });
    expect(hide?.headers['x-console-request']).toBe('1');
    expect(await screen.findByText('No reports are waiting.')).toBeInTheDocument();
  });

  it("blocks and unblocks an author's commenting", async () => {
    const { received } = renderModeration('/moderation?view=newest', {
      'PUT /moderation/users/51/comment-block': () => ({
        data: { uid: 51, nickname: 'Viewer 1', comments_blocked_at: '2026-11-21T12:00:00.000Z' },
      }),
      'DELETE /moderation/users/53/comment-block': () => ({
        data: { uid: 53, nickname: 'Troll', comments_blocked_at: null },
      }),
    });
    await table('Newest comments');
    await user.click(screen.getByRole('button', { name: 'Block commenting: uid 51' }));
    const dialog = screen.getByRole('dialog', { name: 'Block commenting' });
    expect(dialog).toHaveTextContent('Block Viewer 1 (uid 51) from commenting?');
    await user.type(within(dialog).getByLabelText('Reason'), 'spam again');
    await user.click(within(dialog).getByRole('button', { name: 'Block commenting' }));
    expect(await screen.findByText('uid 51 can no longer comment.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Allow commenting: uid 53' }));
    const again = screen.getByRole('dialog', { name: 'Allow commenting' });
    await user.type(within(again).getByLabelText('Reason'), 'appeal accepted');
    await user.click(within(again).getByRole('button', { name: 'Allow commenting' }));
    expect(await screen.findByText('uid 53 can comment again.')).toBeInTheDocument();
    expect(received.filter((r) => r.path.includes('comment-block')).map((r) => [r.method, r.body])).toEqual([
      ['PUT', { reason: 'spam again' }],
      ['DELETE', { reason: 'appeal accepted' }],
    ]);
  });

  it("says the server's refusal in the dialog", async () => {
    renderModeration('/moderation?view=newest', {
      'POST /moderation/comments/2/unhide': () => ({ code: 80140, status: 409 }),
    });
    await user.click(within(await table('Newest comments')).getByRole('button', { name: 'Show again: comment 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Show again' });
    await user.type(within(dialog).getByLabelText('Reason'), 'mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Show again' }));
    expect(
      await within(dialog).findByText('This comment was deleted, so there is nothing left to change.'),
    ).toBeInTheDocument();
  });
});
