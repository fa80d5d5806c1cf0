import { listComments, type Comment, type Page } from '@cliffhanger/contract/browser';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from './video-keys';

export type CommentPages = InfiniteData<Page<Comment>, number>;

/** GET /episodes/:id/comments: newest first, 20 a page. */
export async function fetchComments(episodeId: number, page: number): Promise<Page<Comment>> {
  const { data } = await api.call(listComments, { params: { id: episodeId }, query: { page } });
  return data;
}

export const commentsQueryOptions = (episodeId: number) =>
  infiniteQueryOptions({
    queryKey: videoKeys.comments(episodeId),
    queryFn: ({ pageParam }) => fetchComments(episodeId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });

export function useComments(episodeId: number) {
  return useInfiniteQuery(commentsQueryOptions(episodeId));
}

/**
 * The loaded pages as one list. A comment posted or deleted meanwhile shifts later pages by one,
 * so the same comment can come back on the next page: it is shown once.
 */
export function flattenComments(pages: { pages: readonly Page<Comment>[] } | undefined): Comment[] {
  const seen = new Set<number>();
  const out: Comment[] = [];
  for (const page of pages?.pages ?? []) {
    for (const comment of page.list) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      out.push(comment);
    }
  }
  return out;
}

/** Applies a change to the cached comment pages of an episode. */
export function mapCommentPages(
  pages: CommentPages | undefined,
  change: (list: Comment[], pageIndex: number) => Comment[],
): CommentPages | undefined {
  if (!pages) return pages;
  return { ...pages, pages: pages.pages.map((page, index) => ({ ...page, list: change(page.list, index) })) };
}
