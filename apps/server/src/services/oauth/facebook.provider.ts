import { createHmac } from 'node:crypto';
import { z } from 'zod';
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

const tokenAnswer = z.object({ access_token: z.string().min(1) });

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
 * The token exchange is a GET on the Graph API with the secret in the query string, as Facebook
 * documents it; the request goes to Facebook over TLS and is never logged.
 */
export class FacebookProvider implements OAuthProvider {
  readonly name = 'facebook' as const;
  readonly usesPkce = true;
  private readonly graphUrl: string;

  constructor(private readonly options: FacebookProviderOptions) {
    this.graphUrl = options.graphUrl.replace(/\/+$/, '');
  }

  authorizationUrl({ state, codeChallenge }: { state: string; codeChallenge?: string }): string {
    if (!codeChallenge) throw new Error('Facebook sign-in needs a PKCE code challenge');
    const url = new URL(this.options.authUrl);
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('redirect_uri', this.options.redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'public_profile');
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  async exchange({ code, codeVerifier }: { code: string; codeVerifier?: string }): Promise<ProviderProfile> {
    if (!codeVerifier) throw new OAuthProviderError(this.name, 'token: no PKCE verifier for this state');
    const tokenUrl = new URL(`${this.graphUrl}/oauth/access_token`);
    tokenUrl.searchParams.set('client_id', this.options.clientId);
    tokenUrl.searchParams.set('client_secret', this.options.clientSecret);
    tokenUrl.searchParams.set('redirect_uri', this.options.redirectUri);
    tokenUrl.searchParams.set('code', code);
    tokenUrl.searchParams.set('code_verifier', codeVerifier);
    const tokenResponse = await requestJson({
      provider: this.name,
      step: 'token',
      url: tokenUrl.toString(),
      timeoutMs: this.options.timeoutMs,
      init: { headers: { accept: 'application/json' } },
    });
    expectSuccess(this.name, 'token', tokenResponse);
    const { access_token: accessToken } = parseAnswer(this.name, 'token', tokenAnswer, tokenResponse);

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
