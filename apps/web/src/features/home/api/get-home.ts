import { getHome } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { takeBootstrap } from '../../../lib/bootstrap';
import { useContentLanguage } from '../../../lib/use-content-language';

/** When the page was served: the age of home's answer written into it (lib/bootstrap.ts). */
const servedAt = Date.now();

/** GET /home: banners and the recommended, hot and latest shelves, in the viewer's language. */
export function useHome() {
  const lang = useContentLanguage();
  return useQuery({
    queryKey: ['home', lang],
    queryFn: async () => (await api.call(getHome, { query: { lang } })).data,
    // The answer in the HTML draws the first screen without a round trip, and stays as fresh as
    // one fetched at page load (the query client's staleTime).
    initialData: () => takeBootstrap('home', lang),
    initialDataUpdatedAt: servedAt,
  });
}
