import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, renderConsole, whereAt } from '../test/render-console';

// Keys typed without a pause between them: the tests read what was sent, not typing speed.
const user = userEvent.setup({ delay: null });

// Two pages of a made-up area: one for finance, one for every operator; an admin sees both.
vi.mock('./routes', () => ({
  consolePages: [
    { path: '/money', element: 'the money page', nav: { labelKey: 'role.finance', roles: ['finance'] } },
    { path: '/help', element: 'the help page', nav: { labelKey: 'role.support', roles: 'all' } },
    { path: '/money/:id', element: 'one payment' },
  ],
}));

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Console sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the signed-in layout', () => {
  it('shows the operator, their role, and the sections their role may see', async () => {
    renderConsole('/', { operator: { id: 2, email: 'ed@example.com', role: 'editor' } });
    expect(await screen.findByRole('heading', { name: 'Welcome, ed@example.com' })).toBeInTheDocument();
    expect(navLinks()).toEqual(['Home', 'Support']);
    expect(screen.getByText('Signed in as ed@example.com')).toBeInTheDocument();
    expect(screen.getAllByText('Editor').length).toBeGreaterThan(0);
    // Home lists the same areas.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/help');
  });

  it('shows an admin every section', async () => {
    renderConsole('/money');
    expect(await screen.findByText('the money page')).toBeInTheDocument();
    expect(navLinks()).toEqual(['Home', 'Finance', 'Support']);
  });

  it('answers an unknown path with a not-found page', async () => {
    renderConsole('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no console page at /no/such/page.')).toBeInTheDocument();
  });

  it('sends a visitor without a session to sign-in, remembering the page', async () => {
    const { router } = renderConsole('/money/7?tab=refunds', { operator: null });
    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeInTheDocument();
    expect(whereAt(router)).toBe(`/sign-in?next=${encodeURIComponent('/money/7?tab=refunds')}`);
    expect(screen.queryByText('one payment')).not.toBeInTheDocument();
  });

  it('goes to sign-in when a later call finds the session ended', async () => {
    let ended = false;
    const { router, queryClient } = renderConsole('/help', {
      api: { 'GET /me': () => (ended ? { code: 20003, status: 401 } : { data: ADMIN }) },
    });
    expect(await screen.findByText('the help page')).toBeInTheDocument();
    ended = true;
    await queryClient.refetchQueries();
    await waitFor(() => expect(whereAt(router)).toBe('/sign-in?next=%2Fhelp'));
  });

  it('signs out and lands on sign-in', async () => {
    const { router, received } = renderConsole('/', { api: { 'POST /auth/sign-out': { data: null } } });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(whereAt(router)).toBe('/sign-in'));
    expect(received.find((request) => request.path === '/auth/sign-out')?.headers['x-console-request']).toBe('1');
    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeInTheDocument();
  });
});
