import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../components/ui/toast-host';
import { hideToast } from '../../../lib/toast';
import { LoginForm, RESEND_SECONDS } from './login-form';

afterEach(() => {
  hideToast();
  vi.useRealTimers();
});

const renderForm = (method: 'sms' | 'password', onSubmit = vi.fn()) => {
  render(
    <>
      <LoginForm method={method} onSubmit={onSubmit} />
      <ToastHost />
    </>,
  );
  return onSubmit;
};

describe('login validation (spec §5)', () => {
  it('asks for the phone number first', async () => {
    const onSubmit = renderForm('sms');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please Enter Phone Number');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Please Enter Phone Number');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('then the code on the SMS tab', async () => {
    const onSubmit = renderForm('sms');
    await userEvent.type(screen.getByLabelText('Phone number'), '+905551112233');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please Enter Code');
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith({ phone: '+905551112233', secret: '123456' });
  });

  it('then the password on the password tab', async () => {
    const onSubmit = renderForm('password');
    await userEvent.type(screen.getByLabelText('Phone number'), '+905551112233');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please Enter Password');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith({ phone: '+905551112233', secret: 'secret-pass' });
  });

  it('will not send a code without a phone number', async () => {
    renderForm('sms');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please Enter Phone Number');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('disables the send-code button during the resend countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderForm('sms');
    await user.type(screen.getByLabelText('Phone number'), '+905551112233');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const resend = screen.getByTestId('login-send-code');
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent(`Resend in ${RESEND_SECONDS}s`);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(resend).toHaveTextContent(`Resend in ${RESEND_SECONDS - 10}s`);
    act(() => {
      vi.advanceTimersByTime((RESEND_SECONDS - 10) * 1000);
    });
    expect(resend).toBeEnabled();
    expect(resend).toHaveTextContent('Send code');
  });
});
