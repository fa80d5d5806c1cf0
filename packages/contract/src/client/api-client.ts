import type { z } from 'zod';
import { fillPath, type BodyOf, type DataOf, type Endpoint, type ParamsOf, type QueryOf } from '../endpoint.js';
import { transportError } from './api-error.js';
import type { HttpClient } from './http-client.js';

export interface ApiResult<T> {
  code: number;
  message: string;
  data: T;
}

/** A part the endpoint does not need, or that may be left out (its input type admits undefined), is optional. */
type Optional<K extends string, T> = undefined extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallInput<E> = Optional<'params', ParamsOf<E>> &
  Optional<'query', QueryOf<E>> &
  Optional<'body', BodyOf<E>> & { timeoutMs?: number };

/**
 * The typed API client: one call for every endpoint of the contract. Success data is parsed
 * with the endpoint's schema, so a server that breaks the contract is caught at the edge.
 */
export function createApiClient(http: HttpClient) {
  return {
    async call<E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType>>(
      endpoint: E,
      ...[input]: Record<never, never> extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
    ): Promise<ApiResult<DataOf<E>>> {
      const args = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; timeoutMs?: number };
      const envelope = await http({
        method: endpoint.method,
        path: fillPath(endpoint.path, args.params),
        query: args.query,
        body: args.body,
        timeoutMs: args.timeoutMs,
      });
      const data = endpoint.data.safeParse(envelope.data);
      if (!data.success) throw transportError('bad-response', `${endpoint.method} ${endpoint.path}: data breaks the contract`);
      return { code: envelope.code, message: envelope.message, data: data.data as DataOf<E> };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
