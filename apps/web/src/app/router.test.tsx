import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../lib/paths';
import { configFetch } from '../test/app-config';
import { testQueryClient } from '../test/render';
import { AppShell } from './layout/app-shell';
import { AppRouterProvider, pageRoute, routerReady } from './router';
import { ROUTES, type RouteDef } from './routes';

beforeEach(() => {
  // React reports every error a boundary catches; these ones are the point of the tests.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** A page of the table (its bar and title) whose code and data come from the test. */
const page = (path: string, load: RouteDef['load'], loadData?: RouteDef['loadData']): RouteDef => ({
  ...ROUTES.find((route) => route.path === path)!,
  load,
  loadData,
});

function routerFor(def: RouteDef, at: InitialEntry = def.path) {
  const queryClient = testQueryClient();
  const build = (entry: InitialEntry) =>
    createMemoryRouter([pageRoute(def.path, def, queryClient)], { initialEntries: [entry] });
  return { router: build(at), build };
}

function show(def: RouteDef) {
  const { router, build } = routerFor(def);
  render(<AppRouterProvider router={router} rebuild={build} />);
  return router;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Hello: ComponentType = () => <p>loaded page</p>;

describe('page routes', () => {
  it('shows a loading page until the code is here, then the page', async () => {
    const code = deferred<ComponentType>();
    show(page(PATHS.settings, () => code.promise));
    expect(screen.getByTestId('loading')).toBeInTheDocument();
    code.resolve(Hello);
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
    expect(screen.queryByTestId('loading')).toBeNull();
  });

  it('renders the page at once when the first render waits for the router (no loading screen)', async () => {
    const { router, build } = routerFor(page(PATHS.settings, () => Promise.resolve(Hello)));
    await routerReady(router);
    render(<AppRouterProvider router={router} rebuild={build} />);
    expect(screen.getByText('loaded page')).toBeInTheDocument();
    expect(screen.queryByTestId('loading')).toBeNull();
  });

  it('says "Navigation failed, please try again" when the code does not load, and retry loads it again', async () => {
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve<ComponentType>(() => <p>second try</p>);
    };
    show(page(PATHS.settings, load));
    expect(await screen.findByText('Navigation failed, please try again')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('second try')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('says "System Error" when a page throws while rendering, and retry renders it again', async () => {
    let broken = true;
    const Broken = () => {
      if (broken) throw new Error('boom');
      return <p>fine now</p>;
    };
    show(page(PATHS.settings, () => Promise.resolve(Broken)));
    expect(await screen.findByText('System Error')).toBeInTheDocument();
    expect(screen.queryByText('Navigation failed, please try again')).toBeNull();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('fine now')).toBeInTheDocument();
  });

  it('gives a custom-bar page a bar with a way back while it loads and after it failed', async () => {
    const code = deferred<ComponentType>();
    show(page(PATHS.invite, () => code.promise));
    expect(screen.getByTestId('loading')).toBeInTheDocument();
    expect(screen.getByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'custom');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    code.reject(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByText('Navigation failed, please try again')).toBeInTheDocument();
    expect(screen.getByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'custom');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it("answers a tap at once: the opened page's frame and a loading page while its code loads", async () => {
    const code = deferred<ComponentType>();
    const queryClient = testQueryClient();
    const router = createMemoryRouter(
      [
        {
          element: <AppShell />,
          children: [
            pageRoute(
              PATHS.settings,
              page(PATHS.settings, () => Promise.resolve(Hello)),
              queryClient,
            ),
            pageRoute(
              PATHS.invite,
              page(PATHS.invite, () => code.promise),
              queryClient,
            ),
          ],
        },
      ],
      { initialEntries: [PATHS.settings] },
    );
    vi.stubGlobal('fetch', vi.fn(configFetch()));
    window.innerWidth = 390;
    render(
      <QueryClientProvider client={queryClient}>
        <AppRouterProvider router={router} rebuild={() => router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
    act(() => void router.navigate(PATHS.invite));
    await waitFor(() => expect(screen.getByTestId('loading')).toBeInTheDocument());
    expect(screen.queryByText('loaded page')).toBeNull();
    expect(screen.getByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'custom');
    expect(screen.getByRole('heading', { name: 'Invite Friends' })).toBeInTheDocument();
    code.resolve(() => <p>invite page</p>);
    expect(await screen.findByText('invite page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATHS.invite);
  });

  it("runs a page's loader alongside its code, not after it, and only on entering the page", async () => {
    const code = deferred<ComponentType>();
    const loadData = vi.fn(() => Promise.resolve(null));
    const { router } = routerFor(
      page(PATHS.mobileVideo, () => code.promise, loadData),
      `${PATHS.mobileVideo}?drama_id=7`,
    );
    await act(() => Promise.resolve());
    expect(loadData).toHaveBeenCalledTimes(1);
    expect(loadData).toHaveBeenCalledWith(expect.anything(), '?drama_id=7');
    code.resolve(Hello);
    await routerReady(router);
    await act(() => router.navigate(`${PATHS.mobileVideo}?drama_id=7&episode_id=102`, { replace: true }));
    expect(router.state.location.search).toBe('?drama_id=7&episode_id=102');
    expect(loadData).toHaveBeenCalledTimes(1);
  });
});
