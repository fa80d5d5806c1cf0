import { CURRENCY, getCoinTypes, type CoinPack } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * GET /coin/type: the coin packs with their USD prices. Shared because two features need it: the
 * coin store lists them and the unlock dialog suggests the one that covers a shortfall.
 */
export async function fetchCoinPacks(): Promise<CoinPack[]> {
  const { data } = await api.call(getCoinTypes, { query: { currency: CURRENCY } });
  return data;
}

export const coinPacksQueryOptions = () =>
  queryOptions({
    queryKey: ['coin-types', CURRENCY],
    queryFn: fetchCoinPacks,
    // Prices change by configuration, not from minute to minute; a visit to the store refetches.
    staleTime: 5 * 60_000,
  });

export function useCoinPacks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...coinPacksQueryOptions(), enabled });
}
