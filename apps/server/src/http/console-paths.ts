/** Where the operator console lives: its pages under /console/, its API under /console/api/v1. */
export const CONSOLE_BASE = '/console';

/** Whether a request URL (path and query) is the console's: `/console` itself or anything under `/console/`. */
export function isConsolePath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === CONSOLE_BASE || path.startsWith(`${CONSOLE_BASE}/`);
}
