import { lazy, type ComponentType } from 'react';

/** A page whose code could not be fetched (a chunk that failed to load). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'page failed to load', { cause });
    this.name = 'PageLoadError';
  }
}

const cache = new Map<string, ComponentType>();
const started = new Map<string, Promise<ComponentType>>();
/** Pages whose code has arrived: they render at once, without a Suspense fallback. */
const loaded = new Map<string, ComponentType>();

/**
 * Starts fetching a page's code at once, before React renders: on a direct load of a deep link
 * (a shared video page) the page's chunk then downloads while the app shell starts up, instead
 * of after it. The page's lazy component takes this fetch over. Resolves once the code is here
 * (or failed: the page reports that when it renders, with its retry).
 */
export function startPage(id: string, load: () => Promise<ComponentType>): Promise<void> {
  if (cache.has(id) || started.has(id)) return Promise.resolve();
  const promise = load();
  started.set(id, promise);
  return promise.then(
    (component) => {
      loaded.set(id, component);
    },
    () => undefined,
  );
}

function takeStarted(id: string): Promise<ComponentType> | undefined {
  const promise = started.get(id);
  started.delete(id);
  return promise;
}

/**
 * The component of a page, one per route. A page whose code has already arrived is the component
 * itself: React.lazy would suspend on it once even so, and React holds a revealed Suspense
 * boundary back for up to 300 ms after its fallback showed, which a cold load of the video page
 * spent waiting with everything already downloaded. Otherwise it is lazy; React.lazy keeps a
 * rejected import forever, so a retry drops the cached one and asks for the code again.
 */
export function lazyPage(id: string, load: () => Promise<ComponentType>): ComponentType {
  const ready = loaded.get(id);
  if (ready) return ready;
  let page = cache.get(id);
  if (!page) {
    page = lazy(() =>
      (takeStarted(id) ?? load()).then(
        (component) => {
          loaded.set(id, component);
          return { default: component };
        },
        (cause: unknown) => {
          throw new PageLoadError(cause);
        },
      ),
    );
    cache.set(id, page);
  }
  return page;
}

export function forgetPage(id: string): void {
  cache.delete(id);
  loaded.delete(id);
}
