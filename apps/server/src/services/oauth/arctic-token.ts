import {
  ArcticFetchError,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
  type OAuth2Tokens,
} from 'arctic';
import { foldDoubledContentLength } from '../../lib/fetch-content-length.js';
import { DEFAULT_PROVIDER_TIMEOUT_MS, OAuthProviderError, type OAuthProviderName } from './oauth-provider.js';
import { clip, errorSummary } from './provider-http.js';

/**
 * Why arctic's token request failed, for the log. arctic reads the body only of 200, 400 and 401
 * answers; an `UnexpectedResponseError` with one of those statuses therefore means the body was
 * not JSON, and with any other status that the status alone was wrong.
 */
function detailOf(error: unknown): string {
  if (error instanceof OAuth2RequestError) {
    // RFC 6749 §5.2 error answer: arctic keeps the fields but not the status.
    return errorSummary({ error: error.code, error_description: error.description ?? undefined });
  }
  if (error instanceof UnexpectedErrorResponseBodyError) {
    // JSON that is not an RFC 6749 error, e.g. the Graph API's `{error: {message, type, code}}`.
    return `HTTP ${error.status} ${errorSummary(error.data)}`;
  }
  if (error instanceof UnexpectedResponseError) {
    const readBody = error.status === 200 || error.status === 400 || error.status === 401;
    return readBody ? `HTTP ${error.status} with a body that is not JSON` : `HTTP ${error.status}`;
  }
  if (error instanceof ArcticFetchError) return `request failed (${String(error.cause)})`;
  return clip(`request failed (${String(error)})`);
}

/**
 * Runs one of arctic's token requests (`validateAuthorizationCode`) and answers its tokens, or
 * fails with `OAuthProviderError` naming what went wrong (never a token or a code).
 *
 * arctic's `fetch` takes no abort signal, so the limit is a race: the sign-in request is answered
 * when `timeoutMs` runs out, while the abandoned request lives on until the provider answers or
 * drops the connection.
 */
export async function requestTokens(
  provider: OAuthProviderName,
  timeoutMs: number | undefined,
  request: () => Promise<OAuth2Tokens>,
): Promise<OAuth2Tokens> {
  // arctic sets Content-Length itself; see foldDoubledContentLength for why that needs help.
  foldDoubledContentLength();
  const limit = timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new OAuthProviderError(provider, `token: no answer within ${limit} ms`));
    }, limit);
  });
  try {
    return await Promise.race([request(), timeout]);
  } catch (error) {
    if (error instanceof OAuthProviderError) throw error;
    throw new OAuthProviderError(provider, `token: ${detailOf(error)}`, error);
  } finally {
    clearTimeout(timer);
  }
}

/** The access token of a successful answer; a 200 without one is the provider's fault. */
export function accessTokenOf(provider: OAuthProviderName, tokens: OAuth2Tokens): string {
  try {
    const accessToken = tokens.accessToken();
    if (accessToken !== '') return accessToken;
  } catch {
    // Falls through: arctic throws when the field is missing or not a string.
  }
  throw new OAuthProviderError(provider, 'token: unexpected answer (HTTP 200; access_token)');
}
