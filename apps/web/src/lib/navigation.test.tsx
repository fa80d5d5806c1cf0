import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BackButton } from '../components/ui/back-button';
import { backTarget } from './navigation';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes = [
  { path: '/', element: <Where /> },
  {
    path: '/pages/user/index',
    element: (
      <>
        <Where />
        <Link to="/pages/user/Setting">settings</Link>
      </>
    ),
  },
  {
    path: '/pages/user/Setting',
    element: (
      <>
        <Where />
        <BackButton />
      </>
    ),
  },
];

describe('back button: home from the first entry, else one step back', () => {
  it('maps the first history entry to / and any other to one step back', () => {
    expect(backTarget('default')).toBe('/');
    expect(backTarget('a1b2c3')).toBe(-1);
  });

  it('goes to / when the page is the only entry of the history', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/pages/user/Setting'] });
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('goes back one page otherwise', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/pages/user/index'] });
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByText('settings'));
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/user/Setting');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/user/index');
  });
});
