import { getOAuthUrl, type OAuthProvider } from '@cliffhanger/contract/browser';
import { api } from '../../../lib/api-client';

/** GET /auth/oauth/{provider}/url: where to send the viewer (state and PKCE are the server's). */
export async function fetchOAuthUrl(provider: OAuthProvider): Promise<string> {
  const { data } = await api.call(getOAuthUrl, { params: { provider } });
  return data.url;
}
