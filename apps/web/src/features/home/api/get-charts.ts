import { getCharts } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContentLanguage } from '../../../lib/use-content-language';

/** GET /charts: most watched this week, rising and most collected, ranked, in the viewer's language. */
export function useCharts() {
  const lang = useContentLanguage();
  return useQuery({
    queryKey: ['charts', lang],
    queryFn: async () => (await api.call(getCharts, { query: { lang } })).data,
  });
}
