import { z } from 'zod';
import {
  OAuthProviderError,
  type OAuthProvider,
  type ProviderClientOptions,
  type ProviderProfile,
} from './oauth-provider.js';
import { expectSuccess, parseAnswer, requestJson } from './provider-http.js';

export interface GoogleProviderOptions extends ProviderClientOptions {
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

const tokenAnswer = z.object({ access_token: z.string().min(1) });

/** OpenID Connect userinfo: `sub` is the stable account id; `name` and `picture` need scope `profile`. */
const userinfoAnswer = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  picture: z.string().optional(),
});

/**
 * Google sign-in: OpenID Connect authorization-code flow with PKCE.
 * https://developers.google.com/identity/openid-connect/openid-connect
 * The access token comes straight from Google's token endpoint over TLS, so the userinfo answer
 * is trusted without verifying the id_token signature (OIDC Core §3.1.3.7 allows this).
 */
export class GoogleProvider implements OAuthProvider {
  readonly name = 'google' as const;
  readonly usesPkce = true;

  constructor(private readonly options: GoogleProviderOptions) {}

  authorizationUrl({ state, codeChallenge }: { state: string; codeChallenge?: string }): string {
    if (!codeChallenge) throw new Error('Google sign-in needs a PKCE code challenge');
    const url = new URL(this.options.authUrl);
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('redirect_uri', this.options.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'openid profile');
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    // Shared devices: let the person pick the account instead of silently reusing the last one.
    url.searchParams.set('prompt', 'select_account');
    return url.toString();
  }

  async exchange({ code, codeVerifier }: { code: string; codeVerifier?: string }): Promise<ProviderProfile> {
    if (!codeVerifier) throw new OAuthProviderError(this.name, 'token: no PKCE verifier for this state');
    const tokenResponse = await requestJson({
      provider: this.name,
      step: 'token',
      url: this.options.tokenUrl,
      timeoutMs: this.options.timeoutMs,
      init: {
        method: 'POST',
        headers: { accept: 'application/json' },
        // URLSearchParams as the body sends application/x-www-form-urlencoded, as the spec requires.
        body: new URLSearchParams({
          code,
          client_id: this.options.clientId,
          client_secret: this.options.clientSecret,
          redirect_uri: this.options.redirectUri,
          grant_type: 'authorization_code',
          code_verifier: codeVerifier,
        }),
      },
    });
    expectSuccess(this.name, 'token', tokenResponse);
    const { access_token: accessToken } = parseAnswer(this.name, 'token', tokenAnswer, tokenResponse);

    const userinfoResponse = await requestJson({
      provider: this.name,
      step: 'userinfo',
      url: this.options.userinfoUrl,
      timeoutMs: this.options.timeoutMs,
      init: { headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` } },
    });
    expectSuccess(this.name, 'userinfo', userinfoResponse);
    const profile = parseAnswer(this.name, 'userinfo', userinfoAnswer, userinfoResponse);
    return {
      subject: profile.sub,
      ...(profile.name ? { name: profile.name } : {}),
      ...(profile.picture ? { avatarUrl: profile.picture } : {}),
    };
  }
}
