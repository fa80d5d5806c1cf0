import { isApiError } from '@cliffhanger/contract/browser';
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A rejected code will be rejected again, and each transport retry would toast again.
        retry: (failures, error) => failures < 1 && !(isApiError(error) && !error.isTransportFailure),
      },
      mutations: { retry: false },
    },
  });
}
