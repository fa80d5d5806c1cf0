import { Code, isApiError, postComment, type Comment } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { getSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { adjustCommentCount, mapCommentPages, type CommentPages } from './list-comments';
import { videoKeys } from './video-keys';

let nextTempId = -1;

/** What the viewer sees at once, before the server has answered. */
function optimisticComment(episodeId: number, text: string): Comment {
  const user = getSession().userInfo;
  return {
    id: nextTempId--,
    episode_id: episodeId,
    uid: user?.uid ?? 0,
    nickname: user?.nickname ?? '',
    avatar: user?.avatar ?? '',
    text: text.trim(),
    created_at: new Date().toISOString(),
    mine: true,
    hidden: false,
  };
}

/**
 * POST /episodes/:id/comments, optimistically: it shows on top at once and goes away again if the
 * post fails (said in a toast, but for a comment block, which the form says).
 */
export function usePostComment(episodeId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const key = videoKeys.comments(episodeId);
  return useMutation({
    mutationFn: async (text: string) =>
      (await api.call(postComment, { params: { id: episodeId }, body: { text } })).data,
    onMutate: async (text) => {
      await queryClient.cancelQueries({ queryKey: key });
      const temp = optimisticComment(episodeId, text);
      queryClient.setQueryData<CommentPages>(key, (pages) =>
        mapCommentPages(pages, (list, index) => (index === 0 ? [temp, ...list] : list)),
      );
      adjustCommentCount(queryClient, episodeId, 1);
      return { tempId: temp.id };
    },
    onSuccess: (comment, _text, context) => {
      queryClient.setQueryData<CommentPages>(key, (pages) =>
        mapCommentPages(pages, (list) => list.map((item) => (item.id === context.tempId ? comment : item))),
      );
    },
    onError: (error, _text, context) => {
      if (context) {
        queryClient.setQueryData<CommentPages>(key, (pages) =>
          mapCommentPages(pages, (list) => list.filter((item) => item.id !== context.tempId)),
        );
        adjustCommentCount(queryClient, episodeId, -1);
      }
      // The form says a comment block where it is typed, for as long as it is open.
      if (!isApiError(error) || error.code !== Code.COMMENTS_BLOCKED) showToast(messageForError(error, t));
    },
  });
}
