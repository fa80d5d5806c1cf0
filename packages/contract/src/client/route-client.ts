import { fillPath, type DataOf } from '../endpoint.js';
import type { EndpointOf, Route } from '../routes.js';
import type { ApiResult, CallInput } from './api-client.js';
import type { HttpClient } from './http-client.js';

/**
 * The browser's typed API client: the same calls as `createApiClient`, addressed by a `Route`
 * (method and path, no schema), so the web bundle needs no zod. The data of a success is not
 * parsed again here: the server serialises every answer through the endpoint's schema, and the
 * few places that must check data from elsewhere (stored user info, the data of a rejection)
 * use the guards of guards.ts.
 */
export function createRouteClient(http: HttpClient) {
  return {
    async call<R extends Route>(
      route: R,
      ...[input]: Record<never, never> extends CallInput<EndpointOf<R>> ? [CallInput<EndpointOf<R>>?] : [CallInput<EndpointOf<R>>]
    ): Promise<ApiResult<DataOf<EndpointOf<R>>>> {
      const args = (input ?? {}) as {
        params?: Record<string, string | number>;
        query?: Record<string, unknown>;
        body?: unknown;
        timeoutMs?: number;
      };
      const envelope = await http({
        method: route.method,
        path: fillPath(route.path, args.params),
        query: args.query,
        body: args.body,
        timeoutMs: args.timeoutMs,
      });
      return { code: envelope.code, message: envelope.message, data: envelope.data as DataOf<EndpointOf<R>> };
    },
  };
}
