/**
 * Which requests the service worker answers, and how. It keeps the app shell (index.html and the
 * build's hashed files) and nothing else: the API, the media (episodes, playlists, segments,
 * posters) and the operator console always go to the network untouched, so nothing a viewer is
 * entitled to (or no longer is) and no large video is ever kept on the device by the worker.
 */

/** Paths the web app does not own (the server's RESERVED_PREFIXES, apps/server/src/plugins/web.plugin.ts). */
const NOT_THE_APP = ['/api', '/console', '/media', '/healthz', '/readyz', '/metrics'];

/** Playlists, segments and video files, wherever they are served from. */
const MEDIA_FILE = /\.(m3u8|ts|m4s|mp4|m4a|aac|webm|vtt)$/i;

export type ShellRoute =
  /** A page of the app: the network first (the server draws the first screen), the kept index.html offline. */
  | 'page'
  /** A file of the app shell: from the cache, the network only if it is missing. */
  | 'shell-file'
  /** Not the worker's business: the browser fetches it as if there were no worker. */
  | 'network';

export interface RouteInput {
  url: URL;
  method: string;
  /** `Request.mode`: 'navigate' for a page load. */
  mode: string;
  /** The worker's own origin. */
  origin: string;
  /** The paths the app shell keeps (this build's precache list). */
  shellFiles: ReadonlySet<string>;
}

export function shellRoute({ url, method, mode, origin, shellFiles }: RouteInput): ShellRoute {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  const path = url.pathname;
  if (NOT_THE_APP.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return 'network';
  if (MEDIA_FILE.test(path)) return 'network';
  if (mode === 'navigate') return 'page';
  return shellFiles.has(path) ? 'shell-file' : 'network';
}
