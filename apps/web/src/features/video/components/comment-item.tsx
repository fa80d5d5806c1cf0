import type { Comment } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { AlertIcon, TrashIcon, UserIcon } from '../../../components/ui/icons';
import { useMediaUrl } from '../../../lib/media';

interface CommentItemProps {
  comment: Comment;
  onDelete: (comment: Comment) => void;
  onReport: (comment: Comment) => void;
}

/**
 * One comment. Its text is a React text node: markup in it shows as typed, never runs. Your own
 * can be deleted, anyone else's reported; one moderators hid reaches only you, with a notice.
 */
export function CommentItem({ comment, onDelete, onReport }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const avatar = useMediaUrl(comment.avatar);
  const pending = comment.id < 0;
  const when = new Date(comment.created_at);
  return (
    <article
      className={`comment${comment.hidden ? ' comment--hidden' : ''}`}
      data-testid="comment"
      data-comment-id={comment.id}
      aria-busy={pending || undefined}
    >
      <span className="comment__avatar">
        {avatar ? <img src={avatar} alt="" loading="lazy" /> : <UserIcon size={20} />}
      </span>
      <div className="comment__body">
        <div className="comment__meta">
          <span className="comment__name">{comment.nickname}</span>
          <time className="comment__time" dateTime={comment.created_at}>
            {Number.isNaN(when.getTime())
              ? ''
              : when.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
          </time>
        </div>
        <p className="comment__text" data-testid="comment-text">
          {comment.text}
        </p>
        {comment.hidden && (
          <p className="comment__notice" data-testid="comment-hidden-notice">
            {t('video.hiddenNotice')}
          </p>
        )}
      </div>
      {comment.mine && !pending && (
        <button
          type="button"
          className="comment__delete"
          onClick={() => onDelete(comment)}
          aria-label={t('video.deleteComment')}
          data-testid="comment-delete"
        >
          <TrashIcon size={16} />
        </button>
      )}
      {!comment.mine && !pending && (
        <button
          type="button"
          className="comment__report"
          onClick={() => onReport(comment)}
          aria-label={t('video.reportComment')}
          data-testid="comment-report"
        >
          <AlertIcon size={16} />
        </button>
      )}
    </article>
  );
}
