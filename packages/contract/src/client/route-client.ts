import type { DataOf } from '../endpoint.js';
import type { EndpointOf, Route } from '../routes.js';
import { sendCall, type ApiResult, type CallArgs } from './api-client.js';
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
      ...[input]: CallArgs<EndpointOf<R>>
    ): Promise<ApiResult<DataOf<EndpointOf<R>>>> {
      const { code, message, data } = await sendCall(http, route.method, route.path, input);
      return { code, message, data: data as DataOf<EndpointOf<R>> };
    },
  };
}
