import { DEFAULT_REWARD_CONSTANTS, getAppConfig, type AppConfig } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { takeBootstrapConfig } from '../bootstrap';

const DEFAULT_PRODUCT_NAME = 'Cliffhanger';

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: async () => (await api.call(getAppConfig)).data,
    // A page the server filled in carries it: no request, and no second render when it answers.
    initialData: takeBootstrapConfig,
    staleTime: Infinity,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

/** The product name: configuration (DESIGN: APP_NAME), 'Cliffhanger' until it has loaded. */
export function useProductName(): string {
  return useAppConfig().data?.name || DEFAULT_PRODUCT_NAME;
}

/** Reward amounts from the configuration, the defaults (docs/product.md#business-constants) until it has loaded. */
export function useRewardConstants(): AppConfig['rewards'] {
  return useAppConfig().data?.rewards ?? DEFAULT_REWARD_CONSTANTS;
}
