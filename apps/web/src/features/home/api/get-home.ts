import { getHome, type Home, type Language } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { takeBootstrap } from '../../../lib/bootstrap';
import { useContentLanguage } from '../../../lib/use-content-language';

/** GET /home: banners and the recommended, hot and latest shelves, in the viewer's language. */
export async function fetchHome(lang: Language): Promise<Home> {
  const { data } = await api.call(getHome, { query: { lang } });
  return data;
}

/** When the page was served: the age of home's answer written into it (lib/bootstrap.ts). */
const servedAt = Date.now();

export const homeQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['home', lang],
    queryFn: () => fetchHome(lang),
    // The answer in the HTML draws the first screen without a round trip, and stays as fresh as
    // one fetched at page load (the query client's staleTime).
    initialData: () => takeBootstrap('home', lang),
    initialDataUpdatedAt: servedAt,
  });

export function useHome() {
  return useQuery(homeQueryOptions(useContentLanguage()));
}
