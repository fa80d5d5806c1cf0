/**
 * A fake Facebook Login + Graph API for tests and e2e: login dialog → /oauth/access_token →
 * /me, with PKCE and appsecret_proof checks. Paths mirror Facebook's (versioned v21.0); the
 * exchange answers GET and POST, as the Graph API does.
 */
import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  issueCode,
  misbehave,
  randomId,
  redeemCode,
  redirectTo,
  redirectUriProblem,
  sendJson,
  sendText,
  type FakeRequest,
  type FakeState,
} from './oauth-fake-protocol.js';
import { startFake, type FakeOAuthProvider, type FakeOptions } from './oauth-fake-server.js';

export { authorizeHeadless, type FakeOAuthProvider, type FakeOptions, type FakeProfile } from './oauth-fake-server.js';

export const FACEBOOK_VERSION = 'v21.0';
export const FACEBOOK_DIALOG_PATH = `/${FACEBOOK_VERSION}/dialog/oauth`;
export const FACEBOOK_TOKEN_PATH = `/${FACEBOOK_VERSION}/oauth/access_token`;
export const FACEBOOK_ME_PATH = `/${FACEBOOK_VERSION}/me`;

/** Graph API errors: HTTP 400 with `{error: {message, type, code, fbtrace_id}}`. */
function graphError(message: string, code: number): unknown {
  return { error: { message, type: 'OAuthException', code, fbtrace_id: randomId('trace') } };
}

/**
 * The code exchange. Like the Graph API, it takes its parameters from the query string and, on a
 * POST, from the form as well; the secret is checked wherever it came from.
 */
function exchangeCode(request: FakeRequest, response: ServerResponse, state: FakeState): void {
  if (misbehave(response, state.tokenFailure, 400, graphError('This authorization code has expired.', 100))) {
    return;
  }
  const q = { ...request.query, ...request.form };
  if (q.client_id !== state.clientId || q.client_secret !== state.clientSecret) {
    return sendJson(response, 400, graphError('Error validating client secret.', 1));
  }
  const result = redeemCode(state, { code: q.code, redirectUri: q.redirect_uri, codeVerifier: q.code_verifier });
  if (!result.ok) return sendJson(response, 400, graphError(`Invalid verification code: ${result.reason}`, 100));
  sendJson(response, 200, { access_token: result.accessToken, token_type: 'bearer', expires_in: 5183944 });
}

export function startFakeFacebook(options: FakeOptions = {}): Promise<FakeOAuthProvider> {
  return startFake({
    provider: 'facebook',
    fakeOptions: options,
    defaults: {
      clientId: '1234567890123456',
      clientSecret: 'fake-facebook-secret',
      profile: { subject: '10229876543210123', name: 'Frank Facebook', picture: 'https://scontent.example/frank.jpg' },
    },
    env: (baseUrl, clientId, clientSecret) => ({
      FACEBOOK_CLIENT_ID: clientId,
      FACEBOOK_CLIENT_SECRET: clientSecret,
      FACEBOOK_AUTH_URL: `${baseUrl}${FACEBOOK_DIALOG_PATH}`,
      FACEBOOK_GRAPH_URL: `${baseUrl}/${FACEBOOK_VERSION}`,
    }),
    routes: {
      [`GET ${FACEBOOK_DIALOG_PATH}`]: (request, response, state) => {
        const q = request.query;
        if (q.client_id !== state.clientId) return sendText(response, 400, 'Invalid App ID');
        const redirectProblem = redirectUriProblem(state, q.redirect_uri);
        if (redirectProblem || !q.redirect_uri) return sendText(response, 400, `URL blocked: ${redirectProblem}`);
        const problems = [
          q.response_type !== 'code' && 'response_type must be code',
          !(q.scope ?? '').split(/[ ,]/).includes('public_profile') && 'scope must include public_profile',
          !q.state && 'state is missing',
          !q.code_challenge && 'code_challenge is missing',
          q.code_challenge_method !== 'S256' && 'code_challenge_method must be S256',
        ].filter(Boolean);
        if (problems.length > 0) return sendText(response, 400, `Invalid request: ${problems.join('; ')}`);

        const target = new URL(q.redirect_uri);
        if (state.deny) {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set('error_code', '200');
          target.searchParams.set('error_description', 'Permissions error');
          target.searchParams.set('error_reason', 'user_denied');
        } else {
          target.searchParams.set(
            'code',
            issueCode(state, { redirectUri: q.redirect_uri, codeChallenge: q.code_challenge }),
          );
        }
        target.searchParams.set('state', q.state ?? '');
        // Facebook appends this fragment to every login redirect; callback pages must cope with it.
        target.hash = '_=_';
        redirectTo(response, target.toString());
      },

      [`GET ${FACEBOOK_TOKEN_PATH}`]: (request, response, state) => exchangeCode(request, response, state),
      [`POST ${FACEBOOK_TOKEN_PATH}`]: (request, response, state) => exchangeCode(request, response, state),

      [`GET ${FACEBOOK_ME_PATH}`]: (request, response, state) => {
        const invalid = graphError('Invalid OAuth access token - Cannot parse access token', 190);
        if (misbehave(response, state.userinfoFailure, 400, invalid)) return;
        const q = request.query;
        const profile = state.tokens.get(q.access_token ?? '');
        if (!profile || !q.access_token) return sendJson(response, 400, invalid);
        // Verified when sent (Facebook requires it only with "Require App Secret" switched on).
        if (q.appsecret_proof !== undefined) {
          const expected = createHmac('sha256', state.clientSecret).update(q.access_token).digest('hex');
          if (q.appsecret_proof !== expected) {
            return sendJson(response, 400, graphError('Invalid appsecret_proof provided in the API argument', 100));
          }
        }
        const fields = (q.fields ?? 'id,name').split(',');
        sendJson(response, 200, {
          id: profile.subject,
          ...(fields.includes('name') && profile.name !== undefined ? { name: profile.name } : {}),
          ...(fields.includes('picture')
            ? {
                picture: {
                  data: {
                    height: 50,
                    width: 50,
                    is_silhouette: profile.picture === undefined,
                    url: profile.picture ?? 'https://static.example/rsrc/silhouette.gif',
                  },
                },
              }
            : {}),
        });
      },
    },
  });
}
