import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHost } from './page-host';
import type { RouteDef } from './routes';

beforeEach(() => {
  // React reports every error a boundary catches; these ones are the point of the tests.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const route = (path: string, load: RouteDef['load']): RouteDef => ({
  path,
  navKind: 'default',
  titleKey: 'titles.settings',
  load,
});
const show = (def: RouteDef) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: def.path, element: <PageHost route={def} /> }], {
        initialEntries: [def.path],
      })}
    />,
  );

describe('PageHost', () => {
  it('shows the page once its code has loaded', async () => {
    show(route('/ok', () => Promise.resolve(() => <p>loaded page</p>)));
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
  });

  it('says "Navigation failed, please try again" when the code does not load, and retry loads it again', async () => {
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(() => <p>second try</p>);
    };
    show(route('/flaky', load));
    expect(await screen.findByText('Navigation failed, please try again')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('second try')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('says "System Error" when a page throws while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    show(route('/broken', () => Promise.resolve(Broken)));
    expect(await screen.findByText('System Error')).toBeInTheDocument();
    expect(screen.queryByText('Navigation failed, please try again')).toBeNull();
  });

  it('gives a custom-bar page a bar with a way back while it cannot show', async () => {
    const def: RouteDef = {
      ...route('/custom', () => Promise.reject(new Error('chunk'))),
      navKind: 'custom',
      titleKey: 'titles.invite',
    };
    show(def);
    expect(await screen.findByText('Navigation failed, please try again')).toBeInTheDocument();
    expect(screen.getByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'custom');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
