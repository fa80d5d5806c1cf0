import { PATHS } from './paths';

/** The login page's query parameter naming where to go after signing in. */
const RETURN_TO_PARAM = 'redirect';

/** Where a provider sign-in started, kept across the trip to the provider (this tab only). */
const OAUTH_RETURN_TO_KEY = 'login_return_to';

/** Pages it makes no sense to come back to after signing in. */
const NOT_A_DESTINATION: readonly string[] = [PATHS.login, PATHS.googleLogin, PATHS.facebookLogin, PATHS.tiktokLogin];

/**
 * A return-to value we are willing to navigate to: a path on this site (with its query and
 * hash), never another origin. `//evil.example` and `/\evil.example` are protocol-relative
 * URLs a browser would happily follow, so only a parsed same-origin path passes.
 */
export function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://return-to.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://return-to.invalid') return null;
  const path = url.pathname.replace(/(.)\/+$/, '$1');
  if (NOT_A_DESTINATION.includes(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, telling it where to come back to (nothing when that is not a safe place). */
export function loginHref(returnTo?: string | null): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${PATHS.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: safe }).toString()}` : PATHS.login;
}

/** The return-to named in a login page's query, if it is safe. */
export function returnToFromSearch(search: string): string | null {
  return safeReturnTo(new URLSearchParams(search).get(RETURN_TO_PARAM));
}

function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Before leaving for a provider: the callback page reads this to finish where the viewer started. */
export function rememberReturnTo(returnTo: string | null): void {
  const safe = safeReturnTo(returnTo);
  try {
    if (safe) session()?.setItem(OAUTH_RETURN_TO_KEY, safe);
    else session()?.removeItem(OAUTH_RETURN_TO_KEY);
  } catch {
    // Blocked storage: the callback falls back to home.
  }
}

export function peekReturnTo(): string | null {
  try {
    return safeReturnTo(session()?.getItem(OAUTH_RETURN_TO_KEY));
  } catch {
    return null;
  }
}

export function forgetReturnTo(): void {
  try {
    session()?.removeItem(OAUTH_RETURN_TO_KEY);
  } catch {
    // Nothing to forget.
  }
}
