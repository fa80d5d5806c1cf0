import { deleteComment, type Comment } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { showToast } from '../../../lib/toast';
import { adjustCommentCount, mapCommentPages, type CommentPages } from './list-comments';
import { videoKeys } from './video-keys';

/**
 * DELETE /comments/:id (own comments only), optimistically: the comment disappears at once and
 * comes back if the call fails.
 */
export function useDeleteComment(episodeId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const key = videoKeys.comments(episodeId);
  return useMutation({
    mutationFn: (comment: Comment) => api.call(deleteComment, { params: { id: comment.id } }),
    onMutate: async (comment) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CommentPages>(key);
      queryClient.setQueryData<CommentPages>(key, (pages) =>
        mapCommentPages(pages, (list) => list.filter((item) => item.id !== comment.id)),
      );
      adjustCommentCount(queryClient, episodeId, -1);
      return { before };
    },
    onError: (error, _comment, context) => {
      if (context) {
        queryClient.setQueryData(key, context.before);
        adjustCommentCount(queryClient, episodeId, 1);
      }
      showToast(messageForError(error, t));
    },
  });
}
