/**
 * A fake Google (OpenID Connect) for tests and e2e: authorize → token → userinfo, with PKCE.
 * Paths mirror Google's, so only the origin differs from the real endpoints.
 */
import {
  bearerToken,
  clientCredentials,
  issueCode,
  misbehave,
  redeemCode,
  redirectTo,
  redirectUriProblem,
  sendJson,
  sendText,
} from './oauth-fake-protocol.js';
import { startFake, type FakeOAuthProvider, type FakeOptions } from './oauth-fake-server.js';

export { authorizeHeadless, type FakeOAuthProvider, type FakeOptions, type FakeProfile } from './oauth-fake-server.js';

export const GOOGLE_AUTHORIZE_PATH = '/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_PATH = '/token';
export const GOOGLE_USERINFO_PATH = '/v1/userinfo';

export function startFakeGoogle(options: FakeOptions = {}): Promise<FakeOAuthProvider> {
  return startFake({
    provider: 'google',
    fakeOptions: options,
    defaults: {
      clientId: 'fake-google-client.apps.googleusercontent.com',
      clientSecret: 'fake-google-secret',
      profile: { subject: '109876543210987654321', name: 'Grace Google', picture: 'https://lh3.example/a/grace' },
    },
    env: (baseUrl, clientId, clientSecret) => ({
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${baseUrl}${GOOGLE_AUTHORIZE_PATH}`,
      GOOGLE_TOKEN_URL: `${baseUrl}${GOOGLE_TOKEN_PATH}`,
      GOOGLE_USERINFO_URL: `${baseUrl}${GOOGLE_USERINFO_PATH}`,
    }),
    routes: {
      [`GET ${GOOGLE_AUTHORIZE_PATH}`]: (request, response, state) => {
        const q = request.query;
        // Google shows an error page (no redirect) for a bad client or redirect URI.
        if (q.client_id !== state.clientId) return sendText(response, 400, 'Error 401: invalid_client');
        const redirectProblem = redirectUriProblem(state, q.redirect_uri);
        if (redirectProblem || !q.redirect_uri) return sendText(response, 400, `Error 400: ${redirectProblem}`);
        const problems = [
          q.response_type !== 'code' && 'response_type must be code',
          !(q.scope ?? '').split(' ').includes('openid') && 'scope must include openid',
          !q.state && 'state is missing',
          !q.code_challenge && 'code_challenge is missing',
          q.code_challenge_method !== 'S256' && 'code_challenge_method must be S256',
        ].filter(Boolean);
        if (problems.length > 0) return sendText(response, 400, `Error 400: invalid_request: ${problems.join('; ')}`);

        const target = new URL(q.redirect_uri);
        if (state.deny) {
          target.searchParams.set('error', 'access_denied');
        } else {
          target.searchParams.set(
            'code',
            issueCode(state, { redirectUri: q.redirect_uri, codeChallenge: q.code_challenge }),
          );
          target.searchParams.set('scope', 'openid https://www.googleapis.com/auth/userinfo.profile');
        }
        target.searchParams.set('state', q.state ?? '');
        redirectTo(response, target.toString());
      },

      [`POST ${GOOGLE_TOKEN_PATH}`]: (request, response, state) => {
        if (
          misbehave(response, state.tokenFailure, 400, { error: 'invalid_grant', error_description: 'Bad Request' })
        ) {
          return;
        }
        const f = request.form;
        // Google takes the client's credentials either way (its discovery document lists both).
        const client = clientCredentials(request);
        if (client === 'both') {
          return sendJson(response, 400, { error: 'invalid_request', error_description: 'two client authentications' });
        }
        if (client.clientId !== state.clientId || client.clientSecret !== state.clientSecret) {
          return sendJson(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
        }
        if (f.grant_type !== 'authorization_code') {
          return sendJson(response, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
        }
        const result = redeemCode(state, { code: f.code, redirectUri: f.redirect_uri, codeVerifier: f.code_verifier });
        if (!result.ok) {
          const error = result.reason.startsWith('redirect_uri') ? 'redirect_uri_mismatch' : 'invalid_grant';
          return sendJson(response, 400, { error, error_description: result.reason });
        }
        sendJson(response, 200, {
          access_token: result.accessToken,
          expires_in: 3599,
          scope: 'openid https://www.googleapis.com/auth/userinfo.profile',
          token_type: 'Bearer',
          id_token: 'fake.id.token',
        });
      },

      [`GET ${GOOGLE_USERINFO_PATH}`]: (request, response, state) => {
        const invalid = { error: 'invalid_request', error_description: 'Invalid Credentials' };
        if (misbehave(response, state.userinfoFailure, 401, invalid)) return;
        const profile = state.tokens.get(bearerToken(request) ?? '');
        if (!profile) return sendJson(response, 401, invalid);
        sendJson(response, 200, {
          sub: profile.subject,
          ...(profile.name === undefined ? {} : { name: profile.name, given_name: profile.name.split(' ')[0] }),
          ...(profile.picture === undefined ? {} : { picture: profile.picture }),
        });
      },
    },
  });
}
