import { DEFAULT_REWARD_CONSTANTS, getAppConfig, type AppConfig } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export const DEFAULT_PRODUCT_NAME = 'Cliffhanger';

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: async () => (await api.call(getAppConfig)).data,
    staleTime: Infinity,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

/** The product name: configuration (DESIGN: APP_NAME), 'Cliffhanger' until it has loaded. */
export function useProductName(): string {
  return useAppConfig().data?.name || DEFAULT_PRODUCT_NAME;
}

/** Reward amounts from the configuration, the spec §9 values until it has loaded. */
export function useRewardConstants(): AppConfig['rewards'] {
  return useAppConfig().data?.rewards ?? DEFAULT_REWARD_CONSTANTS;
}
