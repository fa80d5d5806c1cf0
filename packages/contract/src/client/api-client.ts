import type { z } from 'zod';
import { fillPath, type BodyOf, type DataOf, type Endpoint, type ParamsOf, type QueryOf } from '../endpoint.js';
import type { Envelope } from '../envelope.js';
import { transportError } from './api-error.js';
import type { HttpClient, HttpRequest } from './http-client.js';

export type ApiResult<T> = Envelope<T>;

/** A part the endpoint does not need, or that may be left out (its input type admits undefined), is optional. */
type Optional<K extends string, T> = undefined extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallInput<E> = Optional<'params', ParamsOf<E>> &
  Optional<'query', QueryOf<E>> &
  Optional<'body', BodyOf<E>> & { timeoutMs?: number };

/** The input of a call: optional when the endpoint needs nothing. */
export type CallArgs<E> = Record<never, never> extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>];

/** Sends one call of either client: the path filled from `params`, then query, body and timeout as given. */
export function sendCall(http: HttpClient, method: HttpRequest['method'], path: string, input: unknown) {
  type Args = Pick<HttpRequest, 'query' | 'body' | 'timeoutMs'> & { params?: Record<string, string | number> };
  const { params, ...rest } = (input ?? {}) as Args;
  return http({ method, path: fillPath(path, params), ...rest });
}

/**
 * The typed API client: one call for every endpoint of the contract. Success data is parsed
 * with the endpoint's schema, so a server that breaks the contract is caught at the edge.
 */
export function createApiClient(http: HttpClient) {
  return {
    async call<E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType>>(
      endpoint: E,
      ...[input]: CallArgs<E>
    ): Promise<ApiResult<DataOf<E>>> {
      const envelope = await sendCall(http, endpoint.method, endpoint.path, input);
      const data = endpoint.data.safeParse(envelope.data);
      if (!data.success)
        throw transportError('bad-response', `${endpoint.method} ${endpoint.path}: data breaks the contract`);
      return { code: envelope.code, message: envelope.message, data: data.data as DataOf<E> };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
