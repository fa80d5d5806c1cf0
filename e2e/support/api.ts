import { Code, createApiClient, createHttpClient, type ApiClient, type ApiResult } from '@cliffhanger/contract';

/**
 * The contract's typed client for calls a spec makes from Node (not from the page): the server's
 * answer is parsed with the endpoint's schema, so a server that breaks the contract fails the
 * spec. `token` (the refresh token or the token, as the app sends it) signs the calls in.
 *
 * The client resolves Code.OK and the success codes ALREADY_OWNED / ALREADY_DONE_TODAY, and throws an
 * ApiError for every other code (`isApiError(e) && e.code === …`).
 */
export function apiFor(serverUrl: string, token?: string | null): ApiClient {
  return createApiClient(createHttpClient({ baseUrl: serverUrl, getTokens: () => ({ token: token ?? null }) }));
}

/** The data of an answer that must be a plain 200 (not one of the other codes the client resolves). */
export function ok<T>(result: ApiResult<T>): T {
  if (result.code !== Code.OK) throw new Error(`expected code ${Code.OK}, got ${result.code} (${result.message})`);
  return result.data;
}
