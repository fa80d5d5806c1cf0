import { Code, type OAuthProvider as OAuthProviderName } from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';

export type { OAuthProviderName };

/** Who the provider says signed in. `subject` is the provider's stable id for this app. */
export interface ProviderProfile {
  subject: string;
  name?: string;
  avatarUrl?: string;
}

/**
 * One third-party sign-in provider, spoken in its own protocol (authorization-code flow).
 * Adapters know nothing about users or sessions; they turn a code into a profile or fail with
 * `OAuthProviderError` (Code.SIGNIN_PROVIDER_ERROR).
 */
export interface OAuthProvider {
  readonly name: OAuthProviderName;
  /** Whether the flow binds the code to a PKCE verifier (the state row keeps the verifier). */
  readonly usesPkce: boolean;
  /** The provider's URL; with PKCE it carries the S256 challenge of `codeVerifier`, never the verifier. */
  authorizationUrl(input: { state: string; codeVerifier?: string }): string;
  exchange(input: { code: string; codeVerifier?: string }): Promise<ProviderProfile>;
}

/** Connection settings shared by every adapter. */
export interface ProviderClientOptions {
  clientId: string;
  clientSecret: string;
  /** The web app's callback page; must equal the URI registered with the provider. */
  redirectUri: string;
  /** Per-request limit; a provider that hangs must not hold the sign-in request forever. */
  timeoutMs?: number;
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A provider failed (error answer, unexpected shape, network error, timeout). The client gets
 * Code.SIGNIN_PROVIDER_ERROR and a generic message; the detail (never a token or a code) travels as `detail`
 * and `cause` for the logs, because it may describe our credentials or the provider's internals.
 */
export class OAuthProviderError extends AppError {
  readonly provider: OAuthProviderName;
  readonly detail: string;

  constructor(provider: OAuthProviderName, detail: string, cause?: unknown) {
    super(Code.SIGNIN_PROVIDER_ERROR, `Sign-in with ${provider} failed`, null, {
      cause: cause ?? new Error(detail),
    });
    this.name = 'OAuthProviderError';
    this.provider = provider;
    this.detail = detail;
  }
}

export function isOAuthProviderError(error: unknown): error is OAuthProviderError {
  return error instanceof OAuthProviderError;
}
