import { getOAuthUrl, type OAuthClient, type OAuthProvider, type RouteData } from '@cliffhanger/contract/browser';
import { api } from '../../../lib/api-client';

/**
 * GET /auth/oauth/{provider}/url: where to send the viewer (state and PKCE are the server's).
 * `client` is `app` inside the iOS shell: the answer then carries the binder of the state, which
 * the app keeps and sends back with the callback (a browser's binder is an HttpOnly cookie).
 */
export async function fetchOAuthUrl(provider: OAuthProvider, client: OAuthClient): Promise<RouteData<typeof getOAuthUrl>> {
  const { data } = await api.call(getOAuthUrl, { params: { provider }, query: { client } });
  return data;
}
