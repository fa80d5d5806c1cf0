import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFreshTotp } from './fresh-totp';
import { TotpProvider } from './TotpProvider';

const user = userEvent.setup({ delay: null });

/** A page's money action: asks for a code and shows what it got. */
function Refund() {
  const askTotp = useFreshTotp();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void askTotp().then((code) => {
            document.getElementById('got')!.textContent = code ?? 'cancelled';
          })
        }
      >
        refund
      </button>
      <output id="got" />
    </>
  );
}

function renderRefund() {
  render(
    <TotpProvider>
      <Refund />
    </TotpProvider>,
  );
  return { got: () => document.getElementById('got')?.textContent };
}

describe('the fresh TOTP prompt', () => {
  it('resolves the six digits entered, and gives focus back', async () => {
    const { got } = renderRefund();
    await user.click(screen.getByRole('button', { name: 'refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm with your authenticator' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Six-digit code')).toHaveFocus();
    await user.keyboard('123 456{Enter}');
    await waitFor(() => expect(got()).toBe('123456'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'refund' })).toHaveFocus();
  });

  it('refuses anything but six digits and keeps asking', async () => {
    const { got } = renderRefund();
    await user.click(screen.getByRole('button', { name: 'refund' }));
    await user.keyboard('12345{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the six digits');
    expect(screen.getByLabelText('Six-digit code')).toHaveAttribute('aria-invalid', 'true');
    expect(got()).toBe('');
  });

  it('resolves null on Cancel and on Escape', async () => {
    const { got } = renderRefund();
    await user.click(screen.getByRole('button', { name: 'refund' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(got()).toBe('cancelled'));
    document.getElementById('got')!.textContent = '';
    await user.click(screen.getByRole('button', { name: 'refund' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(got()).toBe('cancelled'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    renderRefund();
    await user.click(screen.getByRole('button', { name: 'refund' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Six-digit code')).toHaveFocus();
  });
});
