import { CURRENCY, getCoinTypes } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * GET /coin/type: the coin packs with their USD prices. Shared because two features need it: the
 * coin store lists them and the unlock dialog suggests the one that covers a shortfall.
 */
export function useCoinPacks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['coin-types', CURRENCY],
    queryFn: async () => (await api.call(getCoinTypes, { query: { currency: CURRENCY } })).data,
    // Prices change by configuration, not from minute to minute; a visit to the store refetches.
    staleTime: 5 * 60_000,
    enabled,
  });
}
