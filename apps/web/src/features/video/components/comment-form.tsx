import { COMMENT_MAX, Code, isApiError } from '@cliffhanger/contract/browser';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { useRequireLogin } from '../../../lib/require-login';
import { usePostComment } from '../api/post-comment';

const draftKey = (episodeId: number) => `comment_draft_${episodeId}`;

function readDraft(episodeId: number): string {
  try {
    return sessionStorage.getItem(draftKey(episodeId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(episodeId: number, text: string): void {
  try {
    if (text) sessionStorage.setItem(draftKey(episodeId), text);
    else sessionStorage.removeItem(draftKey(episodeId));
  } catch {
    // Blocked storage: the draft lives as long as the form.
  }
}

/**
 * The comment box: at most 140 characters with a counter; visitors are asked to sign in. The
 * draft belongs to its episode and outlives the form (a closed sheet, another episode, a trip to
 * sign in), kept for this tab until it is sent. Render it with `key={episodeId}`. A viewer whom
 * moderators blocked from commenting is told so under the box, and keeps what they typed.
 */
export function CommentForm({ episodeId }: { episodeId: number }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const post = usePostComment(episodeId);
  const [text, setTextState] = useState(() => readDraft(episodeId));
  const [blocked, setBlocked] = useState(false);
  const setText = (value: string) => {
    setTextState(value);
    writeDraft(episodeId, value);
  };
  const length = text.length;
  const trimmed = text.trim();
  const valid = trimmed.length > 0 && length <= COMMENT_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin() || !valid) return;
    post.mutate(trimmed, {
      onError: (error) => {
        if (!isApiError(error) || error.code !== Code.COMMENTS_BLOCKED) return;
        setBlocked(true);
        setText(trimmed);
      },
    });
    setText('');
  };

  return (
    <form className="comment-form" onSubmit={onSubmit} data-testid="comment-form">
      {blocked && (
        <p className="comment-form__blocked" role="alert" data-testid="comment-blocked">
          {t('video.commentsBlocked')}
        </p>
      )}
      <TextInput
        label={t('video.commentLabel')}
        hideLabel
        placeholder={t('video.commentPlaceholder')}
        value={text}
        maxLength={COMMENT_MAX}
        onChange={(event) => setText(event.target.value.slice(0, COMMENT_MAX))}
        data-testid="comment-input"
        trailing={
          <span
            className={`comment-form__counter${length >= COMMENT_MAX ? ' comment-form__counter--full' : ''}`}
            aria-live="polite"
            data-testid="comment-counter"
          >
            {t('video.commentCounter', { length, max: COMMENT_MAX })}
          </span>
        }
      />
      <Button type="submit" small disabled={!valid || blocked || post.isPending} data-testid="comment-submit">
        {t('video.commentSend')}
      </Button>
    </form>
  );
}
