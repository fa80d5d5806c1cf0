import { COMMENT_MAX } from '@cliffhanger/contract/browser';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { useRequireLogin } from '../../../lib/require-login';
import { usePostComment } from '../api/post-comment';

/** The comment box: at most 140 characters with a counter; visitors are asked to sign in. */
export function CommentForm({ episodeId }: { episodeId: number }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const post = usePostComment(episodeId);
  const [text, setText] = useState('');
  const length = text.length;
  const trimmed = text.trim();
  const valid = trimmed.length > 0 && length <= COMMENT_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin() || !valid) return;
    post.mutate(trimmed);
    setText('');
  };

  return (
    <form className="comment-form" onSubmit={onSubmit} data-testid="comment-form">
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
      <Button type="submit" small disabled={!valid || post.isPending} data-testid="comment-submit">
        {t('video.commentSend')}
      </Button>
    </form>
  );
}
