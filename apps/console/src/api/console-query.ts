import { useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { ConsoleEndpoint } from '@cliffhanger/contract/console';
import type { z } from 'zod';
import {
  consoleCall,
  type ConsoleApiError,
  type ConsoleCallOptions,
  type ConsoleData,
  type ConsoleInput,
} from './console-api';

type AnyConsoleEndpoint = ConsoleEndpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

/** The query key of one endpoint's answer to one input: invalidate `consoleKey(endpoint)` to refetch them all. */
export function consoleKey(endpoint: AnyConsoleEndpoint, input?: unknown): readonly unknown[] {
  const base = ['console', endpoint.method, endpoint.path];
  return input === undefined ? base : [...base, input];
}

type QueryOptions<E> = Omit<UseQueryOptions<ConsoleData<E>, ConsoleApiError>, 'queryKey' | 'queryFn'>;

/** A console read on TanStack Query, keyed by endpoint and input. */
export function useConsoleQuery<E extends AnyConsoleEndpoint>(
  endpoint: E,
  input?: ConsoleInput<E>,
  options?: QueryOptions<E>,
) {
  return useQuery<ConsoleData<E>, ConsoleApiError>({
    ...options,
    queryKey: consoleKey(endpoint, input),
    queryFn: ({ signal }) => (consoleCall as CallAny)(endpoint, input, { signal }) as Promise<ConsoleData<E>>,
  });
}

/** What a mutation is called with: the endpoint's input, and the options (a fresh TOTP code) of this call. */
export interface ConsoleMutationVariables<E> {
  input?: ConsoleInput<E>;
  options?: ConsoleCallOptions;
}

/** A console write on TanStack Query: `mutate({ input, options: { totp } })`. */
export function useConsoleMutation<E extends AnyConsoleEndpoint>(
  endpoint: E,
  options?: Omit<UseMutationOptions<ConsoleData<E>, ConsoleApiError, ConsoleMutationVariables<E>>, 'mutationFn'>,
) {
  return useMutation<ConsoleData<E>, ConsoleApiError, ConsoleMutationVariables<E>>({
    ...options,
    mutationFn: (variables) =>
      (consoleCall as CallAny)(endpoint, variables.input, variables.options) as Promise<ConsoleData<E>>,
  });
}

/** consoleCall without its per-endpoint input typing, for the hooks whose own signatures carry it. */
type CallAny = (endpoint: AnyConsoleEndpoint, input: unknown, options?: ConsoleCallOptions) => Promise<unknown>;
