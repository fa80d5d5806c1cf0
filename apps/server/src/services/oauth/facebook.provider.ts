import { createHmac } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { z } from 'zod';
import { accessTokenOf, requestTokens } from './arctic-token.js';
import {
  OAuthProviderError,
  type OAuthProvider,
  type ProviderClientOptions,
  type ProviderProfile,
} from './oauth-provider.js';
import { expectSuccess, parseAnswer, requestJson } from './provider-http.js';

export interface FacebookProviderOptions extends ProviderClientOptions {
  /** The login dialog, e.g. https://www.facebook.com/v21.0/dialog/oauth */
  authUrl: string;
  /** The versioned Graph API root, e.g. https://graph.facebook.com/v21.0 */
  graphUrl: string;
}

const meAnswer = z.object({
  // Graph ids are numeric strings; the id is app-scoped, so it is stable for this app only.
  id: z.string().min(1),
  name: z.string().optional(),
  picture: z
    .object({ data: z.object({ url: z.string().optional(), is_silhouette: z.boolean().optional() }).optional() })
    .optional(),
});

/**
 * Facebook Login, manually built flow with PKCE:
 * https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
 * The protocol is arctic's generic `OAuth2Client` with the configured endpoints. arctic's own
 * `Facebook` class cannot serve: its endpoints are fixed and it sends no PKCE verifier. The client
 * is built without a password because the Graph API does not take HTTP Basic client
 * authentication; Facebook wants `client_id` and `client_secret` as request parameters, so the
 * secret rides in the token URL's query string (as in Facebook's documented GET exchange) while
 * arctic posts the form with `client_id`, the code, the redirect URI and the verifier. The Graph
 * API reads the parameters of a POST from both. The request goes to Facebook over TLS and is
 * never logged.
 */
export class FacebookProvider implements OAuthProvider {
  readonly name = 'facebook' as const;
  readonly usesPkce = true;
  private readonly graphUrl: string;
  private readonly client: OAuth2Client;

  constructor(private readonly options: FacebookProviderOptions) {
    this.graphUrl = options.graphUrl.replace(/\/+$/, '');
    this.client = new OAuth2Client(options.clientId, null, options.redirectUri);
  }

  authorizationUrl({ state, codeVerifier }: { state: string; codeVerifier?: string }): string {
    if (!codeVerifier) throw new Error('Facebook sign-in needs a PKCE code verifier');
    return this.client
      .createAuthorizationURLWithPKCE(this.options.authUrl, state, CodeChallengeMethod.S256, codeVerifier, [
        'public_profile',
      ])
      .toString();
  }

  async exchange({ code, codeVerifier }: { code: string; codeVerifier?: string }): Promise<ProviderProfile> {
    if (!codeVerifier) throw new OAuthProviderError(this.name, 'token: no PKCE verifier for this state');
    const tokenUrl = new URL(`${this.graphUrl}/oauth/access_token`);
    tokenUrl.searchParams.set('client_secret', this.options.clientSecret);
    const tokens = await requestTokens(this.name, this.options.timeoutMs, () =>
      this.client.validateAuthorizationCode(tokenUrl.toString(), code, codeVerifier),
    );
    const accessToken = accessTokenOf(this.name, tokens);

    const meUrl = new URL(`${this.graphUrl}/me`);
    meUrl.searchParams.set('fields', 'id,name,picture');
    meUrl.searchParams.set('access_token', accessToken);
    // appsecret_proof proves the call comes from the app's server; with "Require App Secret"
    // switched on in the app dashboard, Graph refuses calls without it. Harmless otherwise.
    meUrl.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', this.options.clientSecret).update(accessToken).digest('hex'),
    );
    const meResponse = await requestJson({
      provider: this.name,
      step: 'me',
      url: meUrl.toString(),
      timeoutMs: this.options.timeoutMs,
      init: { headers: { accept: 'application/json' } },
    });
    expectSuccess(this.name, 'me', meResponse);
    const me = parseAnswer(this.name, 'me', meAnswer, meResponse);
    const picture = me.picture?.data;
    // The silhouette is Facebook's placeholder for "no photo": our own default looks better.
    const avatarUrl = picture?.url && picture.is_silhouette !== true ? picture.url : undefined;
    return {
      subject: me.id,
      ...(me.name ? { name: me.name } : {}),
      ...(avatarUrl ? { avatarUrl } : {}),
    };
  }
}
