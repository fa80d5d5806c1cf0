import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from './ReasonDialog';

const user = userEvent.setup({ delay: null });
const HINT = 'Kept in the audit log with this change.';
const MISSING = 'Give a reason.';

function renderDialog(props: Partial<ComponentProps<typeof ReasonDialog>> = {}) {
  const onConfirm = vi.fn();
  render(
    <ReasonDialog
      title="Block viewer 42"
      reasonText={{ label: 'viewer.reason', hint: 'viewer.reasonHint', missing: 'viewer.reasonError' }}
      confirmLabel="Confirm"
      pendingLabel="Working…"
      pending={false}
      error={null}
      onConfirm={onConfirm}
      onClose={() => {}}
      {...props}
    >
      <p>What blocking does.</p>
    </ReasonDialog>,
  );
  return {
    onConfirm,
    reason: () => screen.getByLabelText('Reason'),
    confirm: () => user.click(screen.getByRole('button', { name: 'Confirm' })),
  };
}

describe('the reason dialog', () => {
  it('focuses the reason, asks for one before confirming, and sends it trimmed', async () => {
    const { onConfirm, reason, confirm } = renderDialog();
    expect(reason()).toHaveFocus();
    await confirm();
    expect(screen.getByText(MISSING)).toBeInTheDocument();
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(reason()).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason(), ' ');
    expect(screen.queryByText(MISSING)).not.toBeInTheDocument();
    await confirm();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(reason(), 'fraud ');
    await confirm();
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('fraud');
  });

  it('puts the error in place of the hint, or keeps it while the reason stays empty, as asked', async () => {
    const { reason, confirm } = renderDialog({ errorReplacesHint: true, recheckReason: true });
    await confirm();
    expect(screen.getByText(MISSING)).toBeInTheDocument();
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    await user.type(reason(), 'x');
    expect(screen.getByText(HINT)).toBeInTheDocument();
    await user.clear(reason());
    expect(screen.getByText(MISSING)).toBeInTheDocument();
  });

  it("confirms nothing while the dialog's own fields fail their check", async () => {
    const checkFields = vi.fn(() => false);
    const { onConfirm, reason, confirm } = renderDialog({ checkFields });
    await user.type(reason(), 'goodwill');
    await confirm();
    expect(checkFields).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
