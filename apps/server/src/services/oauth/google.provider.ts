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

export interface GoogleProviderOptions extends ProviderClientOptions {
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

/** OpenID Connect userinfo: `sub` is the stable account id; `name` and `picture` need scope `profile`. */
const userinfoAnswer = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  picture: z.string().optional(),
});

/**
 * Google sign-in: OpenID Connect authorization-code flow with PKCE.
 * https://developers.google.com/identity/openid-connect/openid-connect
 * The protocol is arctic's generic `OAuth2Client`, which is what arctic's own `Google` class runs
 * with Google's fixed endpoints; here the endpoints come from the configuration, so tests point
 * them at a local fake. The client authenticates with HTTP Basic (client_secret_basic), one of
 * the two methods Google's token endpoint accepts.
 * The access token comes straight from Google's token endpoint over TLS, so the userinfo answer
 * is trusted without verifying the id_token signature (OIDC Core §3.1.3.7 allows this).
 */
export class GoogleProvider implements OAuthProvider {
  readonly name = 'google' as const;
  readonly usesPkce = true;
  private readonly client: OAuth2Client;

  constructor(private readonly options: GoogleProviderOptions) {
    this.client = new OAuth2Client(options.clientId, options.clientSecret, options.redirectUri);
  }

  authorizationUrl({ state, codeVerifier }: { state: string; codeVerifier?: string }): string {
    if (!codeVerifier) throw new Error('Google sign-in needs a PKCE code verifier');
    const url = this.client.createAuthorizationURLWithPKCE(
      this.options.authUrl,
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      ['openid', 'profile'],
    );
    // Shared devices: let the person pick the account instead of silently reusing the last one.
    url.searchParams.set('prompt', 'select_account');
    return url.toString();
  }

  async exchange({ code, codeVerifier }: { code: string; codeVerifier?: string }): Promise<ProviderProfile> {
    if (!codeVerifier) throw new OAuthProviderError(this.name, 'token: no PKCE verifier for this state');
    const tokens = await requestTokens(this.name, this.options.timeoutMs, () =>
      this.client.validateAuthorizationCode(this.options.tokenUrl, code, codeVerifier),
    );
    const accessToken = accessTokenOf(this.name, tokens);

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
