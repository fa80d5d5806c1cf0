import { useQueryClient } from '@tanstack/react-query';
import {
  consoleGetOrder,
  consoleRefundOrder,
  consoleSearchOrders,
  type ConsoleOrder,
} from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { consoleKey, useConsoleMutation } from '../../api/console-query';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { useFreshTotp } from '../../components/fresh-totp';
import { ReasonField } from '../../components/ReasonField';
import { t } from '../../i18n/messages';
import { refundStatusLabel } from './order-labels';
import { centsOf, dollarsOf } from './money';

/**
 * Refunds a Stripe order in full or in part: an amount up to what is left, a reason, then a fresh
 * authenticator code. A refusal (Stripe's included) leaves the dialog open with its reason.
 */
export function RefundDialog({
  order,
  onClose,
  onRefunded,
}: {
  order: ConsoleOrder;
  onClose: () => void;
  onRefunded: (message: string) => void;
}) {
  const askTotp = useFreshTotp();
  const queryClient = useQueryClient();
  const max = dollarsOf(order.refundable_cents);
  const [amount, setAmount] = useState(max);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reasonMissing?: boolean }>({});
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: consoleKey(consoleGetOrder) });
    void queryClient.invalidateQueries({ queryKey: consoleKey(consoleSearchOrders) });
  };
  const refund = useConsoleMutation(consoleRefundOrder, {
    onSuccess: (done) => {
      refresh();
      onRefunded(
        t('orders.refund.done', { amount: dollarsOf(done.amount_cents), status: refundStatusLabel(done.status) }),
      );
    },
    // A refused refund may still have written a failed row: the order page shows it.
    onError: refresh,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(amount);
    const found = {
      ...(cents === null || cents < 1 || cents > order.refundable_cents
        ? { amount: t('orders.refund.amountInvalid', { max }) }
        : {}),
      ...(reason.trim() === '' ? { reasonMissing: true } : {}),
    };
    setProblems(found);
    if (cents === null || Object.keys(found).length > 0) return;
    const totp = await askTotp();
    if (totp === null) return;
    refund.mutate({
      input: { params: { id: order.id }, body: { amount_cents: cents, reason: reason.trim() } },
      options: { totp },
    });
  };

  return (
    <Dialog title={t('orders.refund.title', { id: order.id })} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('orders.refund.body')}</p>
        <Field label={t('orders.refund.amount')} hint={t('orders.refund.amountHint', { max })} error={problems.amount}>
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode="decimal"
              autoFocus
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setProblems({});
              }}
            />
          )}
        </Field>
        <ReasonField
          text={{
            label: 'orders.refund.reason',
            hint: 'orders.refund.reasonHint',
            missing: 'orders.refund.reasonMissing',
          }}
          value={reason}
          missing={problems.reasonMissing}
          onChange={(value) => {
            setReason(value);
            setProblems({});
          }}
        />
        {refund.error && <ErrorNotice error={refund.error} />}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={refund.isPending}>
            {refund.isPending ? t('orders.refund.pending') : t('orders.refund.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
