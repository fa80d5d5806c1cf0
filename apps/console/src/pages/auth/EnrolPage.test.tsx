import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fake-console-api';
import { renderConsole, whereAt } from '../../test/render-console';

// Keys typed without a pause between them: the tests read what was sent, not typing speed.
const user = userEvent.setup({ delay: null });

const START = {
  data: {
    email: 'new@example.com',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    uri: 'otpauth://totp/Cliffhanger:new%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Cliffhanger',
  },
};
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);

function enrol(complete: FakeAnswer = { data: { recovery_codes: CODES } }, start: FakeAnswer = START) {
  return renderConsole('/enrol?token=tok-123', {
    operator: null,
    api: { 'POST /auth/enrolment/start': start, 'POST /auth/enrolment/complete': complete },
  });
}

async function fillForm(password = 'a long passphrase', repeat = password, code = '654321') {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat the password'), repeat);
  await user.type(screen.getByLabelText('Six-digit code from the authenticator'), code);
  await user.click(screen.getByRole('button', { name: 'Finish setting up' }));
}

describe('the enrolment page', () => {
  it('opens the link once and shows the QR code and the key to type', async () => {
    const { received } = enrol();
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent(START.data.secret);
    expect(screen.getByText('Scan this QR code with your authenticator app for new@example.com.')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code for the authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // A second start would replace the secret the QR code shows: once, even under StrictMode.
    expect(received.filter((request) => request.path === '/auth/enrolment/start')).toEqual([
      expect.objectContaining({ body: { token: 'tok-123' } }),
    ]);
  });

  it('completes with the password and code, then shows the recovery codes once and goes on to sign-in', async () => {
    const { received, router } = enrol();
    await fillForm();
    expect(received.find((request) => request.path === '/auth/enrolment/complete')?.body).toEqual({
      token: 'tok-123',
      password: 'a long passphrase',
      code: '654321',
    });
    const list = await screen.findByRole('list', { name: '3. Save your recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent('AAAA0-BBBB0');

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenCalledWith(`${CODES.join('\n')}\n`);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them: continue to sign in' }));
    await waitFor(() => expect(whereAt(router)).toBe('/sign-in'));
    expect(await screen.findByText(/Your account is ready/)).toBeInTheDocument();
  });

  it('refuses two different passwords without sending anything', async () => {
    const { received } = enrol();
    await fillForm('a long passphrase', 'another passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords are not the same.');
    expect(received.some((request) => request.path === '/auth/enrolment/complete')).toBe(false);
  });

  it('says the server refused the password as weak', async () => {
    enrol({ code: 70009 });
    await fillForm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a stronger password');
  });

  it('says an invalid link clearly', async () => {
    enrol(undefined, { code: 80002, status: 400 });
    expect(await screen.findByRole('alert')).toHaveTextContent('This enrolment link is not valid');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says a link without a token needs a new one', async () => {
    const { received } = renderConsole('/enrol', { operator: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('needs the enrolment link');
    expect(received.some((request) => request.path.startsWith('/auth/enrolment'))).toBe(false);
  });
});
