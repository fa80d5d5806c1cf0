import { type Comment } from '@cliffhanger/contract/browser';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListView } from '../../../components/ui/list-view';
import { messageForError } from '../../../lib/error-message';
import { useRequireLogin } from '../../../lib/require-login';
import { pageItems } from '../../../lib/page-items';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/list-comments';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { CommentReportSheet } from './comment-report-sheet';
import './comments-panel.css';

/**
 * An episode's comments, newest first, with load-more, the post form, delete for your own and a
 * report for anyone else's (visitors are asked to sign in first).
 */
export function CommentsPanel({ episodeId }: { episodeId: number }) {
  const { t } = useTranslation();
  const comments = useComments(episodeId);
  const remove = useDeleteComment(episodeId);
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const [toReport, setToReport] = useState<Comment | null>(null);
  const requireLogin = useRequireLogin();
  const items = pageItems(comments.data?.pages);

  return (
    <div className="comments-panel comments-panel--dark" data-testid="comments-panel">
      <CommentForm key={episodeId} episodeId={episodeId} />
      {comments.isError && items.length === 0 ? (
        <p className="comments-panel__error" role="alert">
          {messageForError(comments.error, t)}
        </p>
      ) : (
        <ListView
          items={items}
          itemKey={(comment) => comment.id}
          renderItem={(comment) => (
            <CommentItem
              comment={comment}
              onDelete={setToDelete}
              onReport={(reported) => {
                if (requireLogin()) setToReport(reported);
              }}
            />
          )}
          hasMore={comments.hasNextPage}
          onLoadMore={() => void comments.fetchNextPage()}
          loading={comments.isFetching}
          label={t('video.comments')}
          testId="comments-list"
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('video.deleteCommentTitle')}
        message={t('video.deleteCommentMessage')}
        confirmLabel={t('video.deleteComment')}
        destructive
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
        testId="comment-delete-dialog"
      />
      <CommentReportSheet comment={toReport} onClose={() => setToReport(null)} />
    </div>
  );
}
