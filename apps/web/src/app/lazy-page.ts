import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page whose code could not be fetched (a chunk that failed to load). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'page failed to load', { cause });
    this.name = 'PageLoadError';
  }
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
const started = new Map<string, Promise<ComponentType>>();

/**
 * Starts fetching a page's code at once, before React renders: on a direct load of a deep link
 * (a shared video page) the page's chunk then downloads while the app shell starts up, instead
 * of after it. The page's lazy component takes this fetch over.
 */
export function startPage(id: string, load: () => Promise<ComponentType>): void {
  if (cache.has(id) || started.has(id)) return;
  const promise = load();
  promise.catch(() => undefined); // a failure surfaces when the page renders, with its retry
  started.set(id, promise);
}

function takeStarted(id: string): Promise<ComponentType> | undefined {
  const promise = started.get(id);
  started.delete(id);
  return promise;
}

/**
 * The lazy component of a page, one per route. React.lazy keeps a rejected import forever, so a
 * retry drops the cached one and asks for the code again.
 */
export function lazyPage(id: string, load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  let page = cache.get(id);
  if (!page) {
    page = lazy(() =>
      (takeStarted(id) ?? load()).then(
        (component) => ({ default: component }),
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
}
