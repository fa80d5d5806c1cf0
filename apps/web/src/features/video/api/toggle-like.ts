import { likeEpisode, unlikeEpisode, type Playback } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { showToast } from '../../../lib/toast';
import { videoKeys } from './video-keys';

function patchLike(queryClient: QueryClient, episodeId: number, state: { liked: boolean; likes: number }): void {
  queryClient.setQueriesData<Playback>({ queryKey: [...videoKeys.playbackAll(), episodeId] }, (playback) =>
    playback ? { ...playback, ...state } : playback,
  );
}

/**
 * PUT (like) or DELETE (take back) /episodes/:id/like, both idempotent: flips the heart at once;
 * the server's count replaces the guess, a failure puts it back.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ episodeId, like }: { episodeId: number; like: boolean; likes: number }) =>
      (await api.call(like ? likeEpisode : unlikeEpisode, { params: { id: episodeId } })).data,
    onMutate: ({ episodeId, like, likes }) => {
      patchLike(queryClient, episodeId, { liked: like, likes: Math.max(0, likes + (like ? 1 : -1)) });
      return { before: { liked: !like, likes } };
    },
    onSuccess: (state, { episodeId }) => patchLike(queryClient, episodeId, state),
    onError: (error, { episodeId }, context) => {
      if (context) patchLike(queryClient, episodeId, context.before);
      showToast(messageForError(error, t));
    },
  });
}
