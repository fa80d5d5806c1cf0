import { shellRoute } from './shell-routes';
import { worker, type FetchEventLike } from './scope';

/**
 * The app shell offline: on install, this build's index.html and hashed files go into a cache
 * named after the build; on activate, the caches of older builds go. A page load tries the
 * network first, because the server draws each page's first screen for the viewer who asks
 * (apps/server/src/plugins/page-bootstrap.ts), and falls back to the kept index.html only when
 * the network fails: the app then starts from its own files and says it is offline.
 */
const CACHE_PREFIX = 'cliffhanger-shell-';
const INDEX = '/index.html';

// Read when an event comes, not as the script starts: the build appends the list to the script.
const manifest = () => worker.__PRECACHE_MANIFEST;
const cacheName = () => `${CACHE_PREFIX}${manifest().version}`;
let shellFiles: ReadonlySet<string> | undefined;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    worker.caches
      .open(cacheName())
      // `reload`: past the HTTP cache, so a stale copy of a file never becomes the kept one.
      .then((cache) => cache.addAll(manifest().files.map((file) => new Request(file, { cache: 'reload' }))))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    worker.caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName())
            .map((name) => worker.caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

async function fromShell(path: string): Promise<Response | undefined> {
  const cache = await worker.caches.open(cacheName());
  return cache.match(path);
}

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (offline) {
    const kept = await fromShell(INDEX);
    if (kept) return kept;
    throw offline;
  }
}

async function shellFile(request: Request, path: string): Promise<Response> {
  return (await fromShell(path)) ?? fetch(request);
}

worker.addEventListener('fetch', (event: FetchEventLike) => {
  const { request } = event;
  const url = new URL(request.url);
  shellFiles ??= new Set(manifest().files);
  const route = shellRoute({
    url,
    method: request.method,
    mode: request.mode,
    origin: worker.location.origin,
    shellFiles,
  });
  if (route === 'page') event.respondWith(page(request));
  else if (route === 'shell-file') event.respondWith(shellFile(request, url.pathname));
});
