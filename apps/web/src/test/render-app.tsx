import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routeObjects } from '../app/router';

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
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}
