import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { hideToast } from '../../../lib/toast';
import { configFetch } from '../../../test/app-config';
import { testUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { avatarProblem } from './avatar-picker';
import { ProfileForm } from './profile-form';

afterEach(() => {
  clearSession();
  hideToast();
});

describe('edit profile (spec §5)', () => {
  it('asks a visitor to log in first', async () => {
    renderPage(<ProfileForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please login first');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks "Are you sure to save your information?" before saving', async () => {
    setSession({ token: 't', userInfo: testUser({ nickname: 'Ada', username: 'ada' }) });
    renderPage(<ProfileForm />);
    expect(screen.getByLabelText('Nickname')).toHaveValue('Ada');
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure to save your information?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the fields by the contract rules first', async () => {
    setSession({ token: 't', userInfo: testUser() });
    renderPage(<ProfileForm />);
    await userEvent.clear(screen.getByLabelText('Nickname'));
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), '9x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('Nickname: 1 to 20 characters');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves after the confirmation and says which code refused it', async () => {
    const answerConfig = configFetch();
    const fetchMock = vi.fn<typeof fetch>((input, init) =>
      (input as string).endsWith('/app/config')
        ? answerConfig(input, init)
        : Promise.resolve(new Response(JSON.stringify({ code: 10008, message: 'taken', data: null }), { status: 409 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    setSession({ token: 't', userInfo: testUser() });
    renderPage(<ProfileForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This username is already taken');
    const [url, init] = fetchMock.mock.calls.find(([input]) => input === '/api/v1/user')!;
    expect(url).toBe('/api/v1/user');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ nickname: 'Ada', username: 'ada' });
    vi.unstubAllGlobals();
  });

  it('refuses a file that is not an image, or too large', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe('invalid');
    expect(avatarProblem({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('too-large');
    expect(avatarProblem({ type: 'image/jpeg', size: 200_000 })).toBeNull();
  });

  it('says "Invalid image file" when one is picked', async () => {
    setSession({ token: 't', userInfo: testUser() });
    renderPage(<ProfileForm />);
    const input = screen.getByTestId('profile-avatar-input');
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(screen.getByRole('status')).toHaveTextContent('Invalid image file');
  });
});
