/**
 * A fake TikTok Login Kit (OAuth v2, web) for tests and e2e: authorize → token → user info.
 * Like TikTok: the app id is `client_key`, there is no PKCE on the web flow, token errors come
 * back with HTTP 200 and `{error, error_description, log_id}`, and the user info answer wraps
 * its own status in `error.code` ('ok' on success).
 */
import {
  bearerToken,
  issueCode,
  misbehave,
  randomId,
  redeemCode,
  redirectTo,
  redirectUriProblem,
  sendJson,
  sendText,
} from './oauth-fake-protocol.js';
import { startFake, type FakeOAuthProvider, type FakeOptions } from './oauth-fake-server.js';

export { authorizeHeadless, type FakeOAuthProvider, type FakeOptions, type FakeProfile } from './oauth-fake-server.js';

export const TIKTOK_AUTHORIZE_PATH = '/v2/auth/authorize/';
export const TIKTOK_TOKEN_PATH = '/v2/oauth/token/';
export const TIKTOK_USERINFO_PATH = '/v2/user/info/';

function tokenError(error: string, description: string): unknown {
  return { error, error_description: description, log_id: randomId('log') };
}

export function startFakeTikTok(options: FakeOptions = {}): Promise<FakeOAuthProvider> {
  return startFake({
    provider: 'tiktok',
    fakeOptions: options,
    defaults: {
      clientId: 'awfaketiktokkey',
      clientSecret: 'fake-tiktok-secret',
      profile: { subject: '-000OpenIdOfTerry', name: 'Terry TikTok', picture: 'https://p16.example/terry.jpeg' },
    },
    env: (baseUrl, clientId, clientSecret) => ({
      TIKTOK_CLIENT_KEY: clientId,
      TIKTOK_CLIENT_SECRET: clientSecret,
      TIKTOK_AUTH_URL: `${baseUrl}${TIKTOK_AUTHORIZE_PATH}`,
      TIKTOK_TOKEN_URL: `${baseUrl}${TIKTOK_TOKEN_PATH}`,
      TIKTOK_USERINFO_URL: `${baseUrl}${TIKTOK_USERINFO_PATH}`,
    }),
    routes: {
      [`GET ${TIKTOK_AUTHORIZE_PATH}`]: (request, response, state) => {
        const q = request.query;
        if (q.client_key !== state.clientId) {
          const hint = q.client_id !== undefined ? ' (TikTok wants client_key, not client_id)' : '';
          return sendText(response, 400, `client_key is invalid${hint}`);
        }
        const redirectProblem = redirectUriProblem(state, q.redirect_uri);
        if (redirectProblem || !q.redirect_uri) return sendText(response, 400, `redirect_uri: ${redirectProblem}`);
        const problems = [
          q.response_type !== 'code' && 'response_type must be code',
          !(q.scope ?? '').split(',').includes('user.info.basic') && 'scope must include user.info.basic',
          !q.state && 'state is missing',
        ].filter(Boolean);
        if (problems.length > 0) return sendText(response, 400, `invalid_request: ${problems.join('; ')}`);

        const target = new URL(q.redirect_uri);
        if (state.deny) {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set('error_description', 'The user denied the authorization request');
        } else {
          target.searchParams.set('code', issueCode(state, { redirectUri: q.redirect_uri, codeChallenge: undefined }));
          target.searchParams.set('scopes', 'user.info.basic');
        }
        target.searchParams.set('state', q.state ?? '');
        redirectTo(response, target.toString());
      },

      [`POST ${TIKTOK_TOKEN_PATH}`]: (request, response, state) => {
        if (
          misbehave(response, state.tokenFailure, 200, tokenError('invalid_grant', 'Authorization code is expired.'))
        ) {
          return;
        }
        const f = request.form;
        if (f.client_key !== state.clientId || f.client_secret !== state.clientSecret) {
          return sendJson(response, 200, tokenError('invalid_client', 'Client key or secret is incorrect.'));
        }
        if (f.grant_type !== 'authorization_code') {
          return sendJson(response, 200, tokenError('invalid_request', 'grant_type must be authorization_code.'));
        }
        const result = redeemCode(state, { code: f.code, redirectUri: f.redirect_uri, codeVerifier: f.code_verifier });
        if (!result.ok) return sendJson(response, 200, tokenError('invalid_grant', result.reason));
        sendJson(response, 200, {
          access_token: result.accessToken,
          expires_in: 86400,
          open_id: result.profile.subject,
          refresh_expires_in: 31536000,
          refresh_token: randomId('rft_'),
          scope: 'user.info.basic',
          token_type: 'Bearer',
        });
      },

      [`GET ${TIKTOK_USERINFO_PATH}`]: (request, response, state) => {
        const invalid = {
          data: {},
          error: {
            code: 'access_token_invalid',
            message: 'The access token is invalid or not found in the request.',
            log_id: randomId('log'),
          },
        };
        if (misbehave(response, state.userinfoFailure, 401, invalid)) return;
        const profile = state.tokens.get(bearerToken(request) ?? '');
        if (!profile) return sendJson(response, 401, invalid);
        const fields = (request.query.fields ?? '').split(',');
        const user: Record<string, string> = {};
        if (fields.includes('open_id')) user.open_id = profile.subject;
        if (fields.includes('union_id')) user.union_id = `union-${profile.subject}`;
        if (fields.includes('display_name') && profile.name !== undefined) user.display_name = profile.name;
        if (fields.includes('avatar_url') && profile.picture !== undefined) user.avatar_url = profile.picture;
        sendJson(response, 200, { data: { user }, error: { code: 'ok', message: '', log_id: randomId('log') } });
      },
    },
  });
}
