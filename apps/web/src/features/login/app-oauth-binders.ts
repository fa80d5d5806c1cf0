import { safeLocalStorage } from '../../lib/safe-local-storage';

/**
 * The binders of provider sign-ins started in the app shell, by state. The server binds an app's
 * state to a binder it answers with the URL (a browser gets a cookie instead); the app sends it
 * back with the callback. Kept in localStorage, the shell web view's own, because iOS may suspend
 * or even end the app while the viewer is in Safari at the provider. Only the binder of the very
 * state being exchanged is ever sent, so a callback link made by someone else finds nothing here
 * and fails (login CSRF).
 */
const STORAGE_KEY = 'oauth_app_binders';
/** The server's state lifetime: past it the binder is useless. */
const LIFETIME_MS = 10 * 60 * 1000;
/** Sign-ins started and abandoned; a few are plenty. */
const MAX_ENTRIES = 8;

type Binders = Record<string, { binder: string; expires: number }>;

function read(now: number): Binders {
  let parsed: unknown;
  try {
    parsed = JSON.parse(safeLocalStorage()?.getItem(STORAGE_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const live: Binders = {};
  for (const [state, entry] of Object.entries(parsed as Record<string, unknown>)) {
    const { binder, expires } = (entry ?? {}) as { binder?: unknown; expires?: unknown };
    if (typeof binder === 'string' && typeof expires === 'number' && expires > now) live[state] = { binder, expires };
  }
  return live;
}

function write(binders: Binders): void {
  try {
    const store = safeLocalStorage();
    if (Object.keys(binders).length === 0) store?.removeItem(STORAGE_KEY);
    else store?.setItem(STORAGE_KEY, JSON.stringify(binders));
  } catch {
    // Storage full or refused: the sign-in fails at the exchange and the viewer starts again.
  }
}

export function rememberAppBinder(state: string, binder: string, now: number = Date.now()): void {
  const entries = Object.entries(read(now))
    .sort(([, a], [, b]) => b.expires - a.expires)
    .slice(0, MAX_ENTRIES - 1);
  write({ ...Object.fromEntries(entries), [state]: { binder, expires: now + LIFETIME_MS } });
}

export function appBinderFor(state: string, now: number = Date.now()): string | undefined {
  return read(now)[state]?.binder;
}

export function forgetAppBinder(state: string, now: number = Date.now()): void {
  const binders = read(now);
  delete binders[state];
  write(binders);
}
