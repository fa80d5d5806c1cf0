/**
 * The OAuth protocol pieces shared by the fake providers: single-use authorization codes bound
 * to the redirect URI and PKCE challenge seen at authorize time, access tokens, and the small
 * HTTP answer helpers. No test-runner imports and nothing from src/ (the e2e suite uses these).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FakeProviderName = 'google' | 'facebook' | 'tiktok';

/** The account the fake "signs in". Change it between logins to be someone else. */
export interface FakeProfile {
  subject: string;
  name?: string;
  picture?: string;
}

/**
 * How an endpoint misbehaves when told to: `error` answers the provider's error JSON, `hang`
 * never answers (timeouts), `malformed` answers 200 with a body that is not JSON.
 */
export type FailureMode = 'error' | 'hang' | 'malformed';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed application/x-www-form-urlencoded body, if any. */
  form: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

/** What the authorize endpoint saw, kept with the code it issued. */
export interface Grant {
  redirectUri: string;
  codeChallenge: string | undefined;
  profile: FakeProfile;
  used: boolean;
  expiresAt: number;
}

/** The state one fake keeps; provider modules read and write it from their routes. */
export interface FakeState {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly registeredRedirectUri: string | undefined;
  profile: FakeProfile;
  deny: boolean;
  tokenFailure: FailureMode | false;
  userinfoFailure: FailureMode | false;
  readonly grants: Map<string, Grant>;
  readonly tokens: Map<string, FakeProfile>;
}

export interface FakeRequest extends RecordedRequest {
  raw: IncomingMessage;
}

export type FakeRoute = (request: FakeRequest, response: ServerResponse, state: FakeState) => void;

/** Real providers expire codes within minutes; ten is Google's documented upper bound. */
const CODE_TTL_MS = 10 * 60 * 1000;

export function randomId(prefix: string): string {
  return `${prefix}${randomBytes(18).toString('base64url')}`;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

export function redirectTo(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, 'cache-control': 'no-store' });
  response.end();
}

/**
 * Answers per failure mode, or returns false when the endpoint should behave. `hang` leaves the
 * request open; close() destroys it.
 */
export function misbehave(
  response: ServerResponse,
  mode: FailureMode | false,
  status: number,
  errorBody: unknown,
): boolean {
  if (mode === false) return false;
  if (mode === 'hang') return true;
  if (mode === 'malformed') {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html>upstream error</html>');
    return true;
  }
  sendJson(response, status, errorBody);
  return true;
}

/** Why authorize refuses this redirect URI, or undefined when it is acceptable. */
export function redirectUriProblem(state: FakeState, redirectUri: string | undefined): string | undefined {
  if (!redirectUri) return 'redirect_uri is missing';
  if (state.registeredRedirectUri !== undefined) {
    return redirectUri === state.registeredRedirectUri ? undefined : `redirect_uri_mismatch: ${redirectUri}`;
  }
  try {
    const { protocol } = new URL(redirectUri);
    return protocol === 'http:' || protocol === 'https:' ? undefined : 'redirect_uri is not http(s)';
  } catch {
    return 'redirect_uri is not an absolute URL';
  }
}

/** The authorization-code step shared by all three: validates, then issues a code bound to what it saw. */
export function issueCode(state: FakeState, input: { redirectUri: string; codeChallenge: string | undefined }): string {
  const code = randomId('code_');
  state.grants.set(code, {
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge,
    profile: { ...state.profile },
    used: false,
    expiresAt: Date.now() + CODE_TTL_MS,
  });
  return code;
}

export type RedeemResult = { ok: true; accessToken: string; profile: FakeProfile } | { ok: false; reason: string };

/**
 * Redeems a code exactly once, checking the redirect URI and the PKCE verifier against what the
 * authorize step saw (RFC 6749 §4.1.3, RFC 7636 §4.6). A reused code fails like at Google.
 */
export function redeemCode(
  state: FakeState,
  input: { code: string | undefined; redirectUri: string | undefined; codeVerifier: string | undefined },
): RedeemResult {
  const grant = input.code === undefined ? undefined : state.grants.get(input.code);
  if (!grant) return { ok: false, reason: 'unknown code' };
  if (grant.used) return { ok: false, reason: 'code already used' };
  if (grant.expiresAt < Date.now()) return { ok: false, reason: 'code expired' };
  if (input.redirectUri !== grant.redirectUri) return { ok: false, reason: 'redirect_uri differs from authorize' };
  if (grant.codeChallenge !== undefined) {
    if (!input.codeVerifier) return { ok: false, reason: 'code_verifier missing' };
    if (s256(input.codeVerifier) !== grant.codeChallenge) return { ok: false, reason: 'code_verifier does not match' };
  } else if (input.codeVerifier) {
    return { ok: false, reason: 'code_verifier sent without a challenge' };
  }
  grant.used = true;
  const accessToken = randomId('at_');
  state.tokens.set(accessToken, grant.profile);
  return { ok: true, accessToken, profile: grant.profile };
}

/**
 * The client credentials of a token request (RFC 6749 §2.3.1): HTTP Basic
 * (client_secret_basic, each part form-encoded before base64) or `client_id` and `client_secret`
 * in the form (client_secret_post). Both at once is refused, as the RFC says a client uses one.
 */
export function clientCredentials(
  request: FakeRequest,
): { clientId: string | undefined; clientSecret: string | undefined } | 'both' {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Basic (.+)$/i.exec(value) : null;
  if (!match?.[1]) return { clientId: request.form.client_id, clientSecret: request.form.client_secret };
  if (request.form.client_secret !== undefined) return 'both';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const part = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  if (colon < 0) return { clientId: undefined, clientSecret: undefined };
  return { clientId: part(decoded.slice(0, colon)), clientSecret: part(decoded.slice(colon + 1)) };
}

export function bearerToken(request: FakeRequest): string | undefined {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer (.+)$/i.exec(value) : null;
  return match?.[1];
}
