import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page whose code could not be fetched (a chunk that failed to load). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'page failed to load', { cause });
    this.name = 'PageLoadError';
  }
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The lazy component of a page, one per route. React.lazy keeps a rejected import forever, so a
 * retry drops the cached one and asks for the code again.
 */
export function lazyPage(id: string, load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  let page = cache.get(id);
  if (!page) {
    page = lazy(() =>
      load().then(
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
