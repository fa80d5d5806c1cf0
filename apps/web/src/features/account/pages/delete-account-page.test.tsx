import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, isSignedIn, setSession } from '../../../lib/session';
import { hideToast } from '../../../lib/toast';
import { testUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { DeleteAccountPage } from './delete-account-page';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  hideToast();
});

describe('account deletion (spec §2)', () => {
  it('asks a visitor to log in first', async () => {
    renderPage(<DeleteAccountPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please login first');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("offers 'keep account' or 'confirm deletion'; keeping changes nothing", async () => {
    setSession({ token: 't', userInfo: testUser() });
    renderPage(<DeleteAccountPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep account' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isSignedIn()).toBe(true);
  });

  it('confirming deletes the account and signs out', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'OK', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    setSession({ token: 't', userInfo: testUser() });
    renderPage(<DeleteAccountPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm deletion' }));
    await vi.waitFor(() => expect(isSignedIn()).toBe(false));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/user');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });
});
