import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { deferred, stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderPage, renderRoutes, Where } from '../../../test/render';
import { comment, page } from '../test/fixtures';
import { CommentsPanel } from './comments-panel';

const signIn = () => setSession({ token: 'tok', userInfo: testUser({ uid: 9, nickname: 'Ada' }) });

describe('comments panel', () => {
  it('renders markup in a comment as text, never as HTML', async () => {
    stubApi({
      'GET /episodes/101/comments': {
        code: 200,
        data: page([comment(1, { text: '<script>alert(1)</script><b>bold</b>' })]),
      },
    });
    const { container } = renderPage(<CommentsPanel episodeId={101} />);
    expect(await screen.findByText('<script>alert(1)</script><b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('.comment__text b')).toBeNull();
  });

  it('loads more pages on demand', async () => {
    const api = stubApi({
      'GET /episodes/101/comments': (call) =>
        call.query.get('page') === '2'
          ? { code: 200, data: page([comment(1)], 2, false) }
          : { code: 200, data: page([comment(3), comment(2)], 1, true) },
    });
    renderPage(<CommentsPanel episodeId={101} />);
    await screen.findByText('Comment 3');
    fireEvent.click(screen.getByTestId('comments-list-load-more'));
    await screen.findByText('Comment 1');
    expect(screen.getAllByTestId('comment-text').map((el) => el.textContent)).toEqual([
      'Comment 3',
      'Comment 2',
      'Comment 1',
    ]);
    expect(screen.queryByTestId('comments-list-load-more')).toBeNull();
    expect(api.callsTo('GET /episodes/101/comments').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('keeps a draft per episode: another episode starts empty, coming back (or reopening) finds it', () => {
    stubApi({
      'GET /episodes/101/comments': { code: 200, data: page([]) },
      'GET /episodes/102/comments': { code: 200, data: page([]) },
    });
    function Switcher() {
      const [id, setId] = useState(101);
      return (
        <>
          <button type="button" onClick={() => setId(id === 101 ? 102 : 101)} data-testid="switch" />
          <CommentsPanel episodeId={id} />
        </>
      );
    }
    const { unmount } = renderPage(<Switcher />);
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'What a twist' } });
    fireEvent.click(screen.getByTestId('switch'));
    expect(screen.getByTestId('comment-input')).toHaveValue('');
    fireEvent.click(screen.getByTestId('switch'));
    expect(screen.getByTestId('comment-input')).toHaveValue('What a twist');
    unmount();
    renderPage(<CommentsPanel episodeId={101} />);
    expect(screen.getByTestId('comment-input')).toHaveValue('What a twist');
  });

  it('limits a comment to 140 characters with a counter', () => {
    signIn();
    stubApi({ 'GET /episodes/101/comments': { code: 200, data: page([]) } });
    renderPage(<CommentsPanel episodeId={101} />);
    const input = screen.getByTestId('comment-input');
    expect(input).toHaveAttribute('maxlength', '140');
    fireEvent.change(input, { target: { value: 'x'.repeat(141) } });
    expect(input).toHaveValue('x'.repeat(140));
    expect(screen.getByTestId('comment-counter')).toHaveTextContent('140/140');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(screen.getByTestId('comment-submit')).toBeDisabled();
    fireEvent.change(input, { target: { value: 'hello' } });
    expect(screen.getByTestId('comment-counter')).toHaveTextContent('5/140');
    expect(screen.getByTestId('comment-submit')).toBeEnabled();
  });

  it('posts optimistically: the comment is on top before the server answers', async () => {
    signIn();
    const answer = deferred<{ code: number; data: unknown }>();
    const api = stubApi({
      'GET /episodes/101/comments': { code: 200, data: page([comment(1)]) },
      'POST /episodes/101/comments': () => answer.promise,
    });
    renderPage(<CommentsPanel episodeId={101} />);
    await screen.findByText('Comment 1');
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '  So good!  ' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    await waitFor(() => expect(screen.getAllByTestId('comment-text')[0]).toHaveTextContent('So good!'));
    expect(api.callsTo('POST /episodes/101/comments')[0]?.body).toEqual({ text: 'So good!' });
    expect(screen.getByTestId('comment-input')).toHaveValue('');

    answer.resolve({ code: 200, data: comment(50, { text: 'So good!', mine: true, nickname: 'Ada' }) });
    await waitFor(() => expect(screen.getAllByTestId('comment')[0]).toHaveAttribute('data-comment-id', '50'));
    expect(within(screen.getAllByTestId('comment')[0]!).getByTestId('comment-delete')).toBeInTheDocument();
  });

  it('takes a failed post back and says why', async () => {
    signIn();
    stubApi({
      'GET /episodes/101/comments': { code: 200, data: page([]) },
      'POST /episodes/101/comments': { code: 10001 },
    });
    renderPage(<CommentsPanel episodeId={101} />);
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'hi' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please check what you entered.');
    await waitFor(() => expect(screen.queryByTestId('comment')).toBeNull());
  });

  it('sends a visitor to sign in instead of posting', async () => {
    const api = stubApi({ 'GET /episodes/101/comments': { code: 200, data: page([]) } });
    renderRoutes(
      [
        { path: '/pages/video/index', element: <CommentsPanel episodeId={101} /> },
        { path: '/pages/login/index', element: <Where /> },
      ],
      { initialEntries: ['/pages/video/index?drama_id=7'] },
    );
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'hi' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/pages/login/index?redirect=');
    expect(api.callsTo('POST /episodes/101/comments')).toHaveLength(0);
  });

  it('deletes your own comment after you confirm', async () => {
    signIn();
    const api = stubApi({
      'GET /episodes/101/comments': { code: 200, data: page([comment(2, { mine: true }), comment(1)]) },
      'DELETE /comments/2': { code: 200, data: { deleted: true } },
    });
    renderPage(<CommentsPanel episodeId={101} />);
    await screen.findByText('Comment 2');
    expect(screen.getAllByTestId('comment-delete')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('comment-delete'));
    fireEvent.click(screen.getByTestId('comment-delete-dialog-confirm'));
    await waitFor(() => expect(screen.queryByText('Comment 2')).toBeNull());
    expect(api.callsTo('DELETE /comments/2')).toHaveLength(1);
    expect(screen.getByText('Comment 1')).toBeInTheDocument();
  });

  it("reports someone else's comment with one tap on a reason, and thanks the viewer", async () => {
    signIn();
    const api = stubApi({
      'GET /episodes/101/comments': { code: 200, data: page([comment(2, { mine: true }), comment(1)]) },
      'POST /comments/1/report': { code: 200, data: { reported: true } },
    });
    renderPage(<CommentsPanel episodeId={101} />);
    await screen.findByText('Comment 1');
    // Only the other viewer's comment can be reported.
    expect(screen.getAllByTestId('comment-report')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('comment-report'));
    const sheet = screen.getByTestId('comment-report-sheet');
    expect(within(sheet).getByText('What is wrong with it?')).toBeInTheDocument();
    fireEvent.click(within(sheet).getByTestId('comment-report-spoiler'));
    expect(screen.queryByTestId('comment-report-sheet')).toBeNull();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Thanks. Moderators will take a look.');
    expect(api.callsTo('POST /comments/1/report').map((call) => call.body)).toEqual([{ reason: 'spoiler' }]);
  });

  it('says why a report was refused', async () => {
    signIn();
    stubApi({
      'GET /episodes/101/comments': { code: 200, data: page([comment(1)]) },
      'POST /comments/1/report': { code: 10003, data: { retry_after_s: 60 } },
    });
    renderPage(<CommentsPanel episodeId={101} />);
    fireEvent.click(await screen.findByTestId('comment-report'));
    fireEvent.click(screen.getByTestId('comment-report-abuse'));
    expect(await screen.findByTestId('toast')).toHaveTextContent(/too many/i);
  });

  it('shows its author a comment moderators hid, with a notice', async () => {
    signIn();
    stubApi({
      'GET /episodes/101/comments': {
        code: 200,
        data: page([comment(2, { mine: true, hidden: true, text: 'Mine, hidden' }), comment(1)]),
      },
    });
    renderPage(<CommentsPanel episodeId={101} />);
    await screen.findByText('Mine, hidden');
    const [hidden, visible] = screen.getAllByTestId('comment');
    expect(within(hidden!).getByTestId('comment-hidden-notice')).toHaveTextContent(
      'Hidden by moderators. Only you can see this comment.',
    );
    expect(within(visible!).queryByTestId('comment-hidden-notice')).toBeNull();
  });

  it('explains a comment block in the form and keeps what was typed', async () => {
    signIn();
    stubApi({
      'GET /episodes/101/comments': { code: 200, data: page([]) },
      'POST /episodes/101/comments': { code: 90002 },
    });
    renderPage(<CommentsPanel episodeId={101} />);
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'Let me in' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByTestId('comment-blocked')).toHaveTextContent(
      'Moderators have blocked you from commenting. You can still watch and read comments.',
    );
    expect(screen.getByTestId('comment-input')).toHaveValue('Let me in');
    expect(screen.getByTestId('comment-submit')).toBeDisabled();
    await waitFor(() => expect(screen.queryByTestId('comment')).toBeNull());
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
