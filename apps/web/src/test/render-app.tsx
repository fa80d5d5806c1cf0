import { act, render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { App } from '../app/app';
import { routeObjects } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** Sets the window width the viewport hook reads. */
export function setWidth(width: number): void {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

/** The whole app (providers, shell, route table) at `path` in a memory router. */
export function renderApp(path: string, options: { width?: number } = {}) {
  window.innerWidth = options.width ?? 390;
  const queryClient = createQueryClient();
  const routerAt = (at: InitialEntry) => createMemoryRouter(routeObjects(queryClient), { initialEntries: [at] });
  const router = routerAt(path);
  const result = render(<App queryClient={queryClient} router={router} rebuild={routerAt} />);
  return { ...result, router, queryClient };
}
