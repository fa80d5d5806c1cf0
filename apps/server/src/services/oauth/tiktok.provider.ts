import { z } from 'zod';
import {
  OAuthProviderError,
  type OAuthProvider,
  type ProviderClientOptions,
  type ProviderProfile,
} from './oauth-provider.js';
import { errorSummary, expectSuccess, parseAnswer, requestJson } from './provider-http.js';

export interface TikTokProviderOptions extends ProviderClientOptions {
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  // The user's id for this app; the sign-in subject.
  open_id: z.string().min(1),
});

const userinfoAnswer = z.object({
  data: z.object({
    user: z.object({
      open_id: z.string().optional(),
      display_name: z.string().optional(),
      avatar_url: z.string().optional(),
    }),
  }),
});

/** TikTok's open API reports success as `error.code === 'ok'`, whatever the HTTP status. */
function apiErrorCode(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * TikTok Login Kit for Web (OAuth v2): https://developers.tiktok.com/doc/login-kit-web
 * Differences from the other providers, all TikTok's:
 * - the app id is called `client_key` in every request (a `client_id` is not recognised);
 * - no PKCE: TikTok documents `code_challenge` for its desktop and mobile flows only. The web
 *   flow is a confidential client (the secret stays on this server) and `state` binds the
 *   callback to the sign-in that started it;
 * - the token endpoint may answer an error with HTTP 200 and `{error, error_description}`, so
 *   success is "has an access token", not "status 200".
 * So the requests are built here rather than by arctic: arctic's generic `OAuth2Client` sends
 * `client_id`, which TikTok refuses, and its `TikTok` class has fixed endpoints (tests could not
 * reach a local fake) and always sends a PKCE verifier.
 */
export class TikTokProvider implements OAuthProvider {
  readonly name = 'tiktok' as const;
  readonly usesPkce = false;

  constructor(private readonly options: TikTokProviderOptions) {}

  /** A code verifier, if given, is ignored: see the class comment on PKCE. */
  authorizationUrl({ state }: { state: string; codeVerifier?: string }): string {
    const url = new URL(this.options.authUrl);
    url.searchParams.set('client_key', this.options.clientId);
    url.searchParams.set('scope', 'user.info.basic');
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', this.options.redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  async exchange({ code }: { code: string }): Promise<ProviderProfile> {
    const tokenResponse = await requestJson({
      provider: this.name,
      step: 'token',
      url: this.options.tokenUrl,
      timeoutMs: this.options.timeoutMs,
      init: {
        method: 'POST',
        headers: { accept: 'application/json', 'cache-control': 'no-cache' },
        body: new URLSearchParams({
          client_key: this.options.clientId,
          client_secret: this.options.clientSecret,
          code,
          grant_type: 'authorization_code',
          redirect_uri: this.options.redirectUri,
        }),
      },
    });
    expectSuccess(this.name, 'token', tokenResponse);
    const body = tokenResponse.body as { error?: unknown } | null;
    if (typeof body === 'object' && body !== null && body.error !== undefined && body.error !== '') {
      throw new OAuthProviderError(this.name, `token: ${errorSummary(body)}`);
    }
    const token = parseAnswer(this.name, 'token', tokenAnswer, tokenResponse);

    const userinfoUrl = new URL(this.options.userinfoUrl);
    userinfoUrl.searchParams.set('fields', 'open_id,union_id,avatar_url,display_name');
    const userinfoResponse = await requestJson({
      provider: this.name,
      step: 'userinfo',
      url: userinfoUrl.toString(),
      timeoutMs: this.options.timeoutMs,
      init: { headers: { accept: 'application/json', authorization: `Bearer ${token.access_token}` } },
    });
    expectSuccess(this.name, 'userinfo', userinfoResponse);
    if (apiErrorCode(userinfoResponse.body) !== 'ok') {
      throw new OAuthProviderError(this.name, `userinfo: ${errorSummary(userinfoResponse.body)}`);
    }
    const { user } = parseAnswer(this.name, 'userinfo', userinfoAnswer, userinfoResponse).data;
    // Both ids come from TikTok for the same token; disagreement means something is badly wrong.
    if (user.open_id !== undefined && user.open_id !== token.open_id) {
      throw new OAuthProviderError(this.name, 'userinfo: open_id differs from the token answer');
    }
    return {
      subject: token.open_id,
      ...(user.display_name ? { name: user.display_name } : {}),
      ...(user.avatar_url ? { avatarUrl: user.avatar_url } : {}),
    };
  }
}
