import { listComments, type Comment, type Page, type Playback } from '@cliffhanger/contract/browser';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from './video-keys';

export type CommentPages = InfiniteData<Page<Comment>, number>;

/** GET /episodes/:id/comments: newest first, 20 a page. */
export function useComments(episodeId: number) {
  return useInfiniteQuery({
    queryKey: videoKeys.comments(episodeId),
    queryFn: async ({ pageParam: page }) =>
      (await api.call(listComments, { params: { id: episodeId }, query: { page } })).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** Applies a change to the cached comment pages of an episode. */
export function mapCommentPages(
  pages: CommentPages | undefined,
  change: (list: Comment[], pageIndex: number) => Comment[],
): CommentPages | undefined {
  if (!pages) return pages;
  return { ...pages, pages: pages.pages.map((page, index) => ({ ...page, list: change(page.list, index) })) };
}

/** Keeps the comment count on the cached playback (every language) in step with a post or delete. */
export function adjustCommentCount(queryClient: QueryClient, episodeId: number, delta: number): void {
  queryClient.setQueriesData<Playback>({ queryKey: [...videoKeys.playbackAll(), episodeId] }, (playback) =>
    playback ? { ...playback, comment_count: Math.max(0, playback.comment_count + delta) } : playback,
  );
}
