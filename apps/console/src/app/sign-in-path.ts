export const SIGN_IN_PATH = '/sign-in';
const NEXT_PARAM = 'next';

/** The sign-in page, remembering the page asked for (home needs no reminder). */
export function signInPath(next: string): string {
  return next === '/' || next === '' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?${NEXT_PARAM}=${encodeURIComponent(next)}`;
}

/**
 * Where to go after signing in: the remembered page when it is a path inside the console, else
 * home. Anything else (`//host`, `https://…`, `javascript:`) is ignored, so a crafted link cannot
 * send a fresh session elsewhere.
 */
export function afterSignInPath(search: URLSearchParams): string {
  const next = search.get(NEXT_PARAM);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
