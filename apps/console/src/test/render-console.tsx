import type { Operator } from '@cliffhanger/contract/console';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { ConsoleApp, consoleRoutes, createConsoleQueryClient } from '../app/App';
import { fakeConsoleApi, type FakeAnswer, type ReceivedRequest } from './fake-console-api';

export const ADMIN: Operator = { id: 1, email: 'ops@example.com', role: 'admin' };

/**
 * The whole console at `path` (inside /console) in a memory router, as main.tsx renders it
 * (StrictMode, the app's query client), on a fake API where `operator` is signed in (null: no
 * session, /me answers 10027).
 */
export function renderConsole(
  path: string,
  options: {
    operator?: Operator | null;
    api?: Record<string, ((request: ReceivedRequest) => FakeAnswer) | FakeAnswer>;
  } = {},
) {
  const operator = options.operator === undefined ? ADMIN : options.operator;
  const api = fakeConsoleApi({
    'GET /me': () => (operator ? { data: operator } : { code: 10027, status: 401 }),
    ...options.api,
  });
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [path] });
  const queryClient = createConsoleQueryClient();
  render(
    <StrictMode>
      <ConsoleApp router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  return { router, queryClient, ...api };
}

/** Where the router is now: its path and query. */
export function whereAt(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
