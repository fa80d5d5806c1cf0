/**
 * The service worker's global scope, typed by hand: the web app's TypeScript program loads the
 * DOM library, and the WebWorker library cannot be loaded beside it (they declare the same
 * globals differently). Only what the worker's files use is declared; a handler file that needs
 * another event adds it to `WorkerEventMap` by declaration merging:
 *
 *   declare module './scope' { interface WorkerEventMap { push: PushEventLike } }
 */

/**
 * An event whose work the browser waits for before it ends the worker's step.
 * @public (for the handler files that extend WorkerEventMap)
 */
export interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

/** @public (extended by declaration merging) */
export interface WorkerEventMap {
  install: ExtendableEventLike;
  activate: ExtendableEventLike;
  fetch: FetchEventLike;
}

export interface WorkerScope {
  readonly location: Location;
  readonly caches: CacheStorage;
  readonly clients: { claim(): Promise<void> };
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof WorkerEventMap>(type: K, listener: (event: WorkerEventMap[K]) => void): void;
  /** What the build appends to the script (apps/web/src/build/service-worker-build.ts): the app shell's files. */
  __PRECACHE_MANIFEST: PrecacheManifest;
}

interface PrecacheManifest {
  /** Changes whenever a file of the list changes: the name of this build's cache. */
  version: string;
  /** Paths from the site's root, index.html first. */
  files: string[];
}

export const worker = globalThis as unknown as WorkerScope;
