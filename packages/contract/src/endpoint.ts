import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint: anyone, anyone (a session is used when sent), or only a signed-in user. */
export type AuthRule = 'none' | 'optional' | 'required';

/**
 * One API endpoint, shared by the server (route schema) and the client (typed call).
 * `path` is relative to the API prefix and uses `:name` for path parameters.
 */
export interface Endpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TData extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  auth: AuthRule;
  summary: string;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /**
   * The body is multipart form data (an upload). The client sends a FormData as is; the server
   * parses the parts itself, so `body` only types the client side and is not used to validate.
   */
  multipart?: true;
  data: TData;
}

export function defineEndpoint<
  TParams extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TBody extends z.ZodType = z.ZodUndefined,
  TData extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<TParams, TQuery, TBody, TData>): Endpoint<TParams, TQuery, TBody, TData> {
  return endpoint;
}

/** Fills `:name` segments of an endpoint path; every value is URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type DataOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
