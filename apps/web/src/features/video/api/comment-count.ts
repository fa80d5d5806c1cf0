import type { Playback } from '@cliffhanger/contract/browser';
import type { QueryClient } from '@tanstack/react-query';
import { videoKeys } from './video-keys';

/** Keeps the comment count on the cached playback (every language) in step with a post or delete. */
export function adjustCommentCount(queryClient: QueryClient, episodeId: number, delta: number): void {
  queryClient.setQueriesData<Playback>({ queryKey: [...videoKeys.playbackAll(), episodeId] }, (playback) =>
    playback ? { ...playback, comment_count: Math.max(0, playback.comment_count + delta) } : playback,
  );
}
