import { getForYou, type ForYouPage, type Language } from '@cliffhanger/contract/browser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContentLanguage } from '../../../lib/use-content-language';

/** Part of every For You key: the ranking is the viewer's, so signing in or out asks anew. */
const FOR_YOU_KEY = ['for-you'] as const;

async function fetchForYou(cursor: string | undefined, lang: Language): Promise<ForYouPage> {
  return (await api.call(getForYou, { query: { lang, ...(cursor ? { cursor } : {}) } })).data;
}

/**
 * GET /feed/for-you: dramas' openings ranked for this viewer, a page at a time, chained by the
 * server's `next_cursor`.
 */
export function useForYou(signedIn: boolean) {
  const lang = useContentLanguage();
  return useInfiniteQuery({
    queryKey: [...FOR_YOU_KEY, lang, signedIn],
    queryFn: ({ pageParam }) => fetchForYou(pageParam, lang),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // The feed stays as it was while the viewer swipes, and when they come back from a drama
    // (Back lands on the same position); once unused for the cache's time, a visit ranks anew.
    staleTime: Infinity,
  });
}
