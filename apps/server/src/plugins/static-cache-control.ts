import { join } from 'node:path';

/** The web app's service worker (apps/web/src/build/service-worker-build.ts), at the site's root. */
const SERVICE_WORKER = 'sw.js';

/**
 * Hashed file names change with their content, so they may be cached for good; nothing else may.
 * The service worker above all: the browser checks it for an update on every visit, and a cached
 * copy would keep viewers on an old app shell.
 */
export function cacheControlFor(filePath: string, distDir: string): string {
  return filePath.startsWith(join(distDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Headers a file needs beside its Cache-Control: the worker's scope is the whole app. */
export function extraHeadersFor(filePath: string, distDir: string): Record<string, string> {
  return filePath === join(distDir, SERVICE_WORKER) ? { 'service-worker-allowed': '/' } : {};
}
