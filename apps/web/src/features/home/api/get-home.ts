import { getHome, type Home, type Language } from '@cliffhanger/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContentLanguage } from '../../../lib/use-content-language';

/** GET /home: banners and the recommended, hot and latest shelves, in the viewer's language. */
export async function fetchHome(lang: Language): Promise<Home> {
  const { data } = await api.call(getHome, { query: { lang } });
  return data;
}

export const homeQueryOptions = (lang: Language) =>
  queryOptions({ queryKey: ['home', lang], queryFn: () => fetchHome(lang) });

export function useHome() {
  return useQuery(homeQueryOptions(useContentLanguage()));
}
