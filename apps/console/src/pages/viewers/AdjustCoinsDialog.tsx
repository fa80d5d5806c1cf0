import { COIN_ADJUSTMENT_CAPS, consoleAdjustViewerCoins } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { useOperator } from '../../app/operator-context';
import { useConsoleMutation } from '../../api/console-query';
import { t } from '../../i18n/messages';
import { newRequestKey } from './request-key';
import { useViewerRefresh } from './use-viewer-refresh';
import { WholeNumberDialog } from './WholeNumberDialog';

const DIRECTIONS = ['credit', 'debit'] as const;

/**
 * Adds or removes coins, up to the operator's role's cap, with a reason and a fresh code. The
 * dialog's key goes with every try, so a double click adjusts once.
 */
export function AdjustCoinsDialog({
  uid,
  onClose,
  onDone,
}: {
  uid: number;
  onClose: () => void;
  onDone: (balance: number) => void;
}) {
  const { role } = useOperator();
  const cap = COIN_ADJUSTMENT_CAPS[role] ?? 0;
  const refresh = useViewerRefresh();
  const [key] = useState(newRequestKey);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const adjust = useConsoleMutation(consoleAdjustViewerCoins, {
    onSuccess: (data) => {
      refresh();
      onDone(data.balance);
    },
  });

  return (
    <WholeNumberDialog
      title={t('viewer.adjust.title', { uid })}
      number={{
        label: t('viewer.adjust.amount'),
        hint: t('viewer.adjust.amountHint', { cap }),
        error: t('viewer.adjust.amountError', { cap }),
        max: cap,
      }}
      confirmLabel={t('viewer.adjust.submit')}
      pendingLabel={t('viewer.adjust.pending')}
      pending={adjust.isPending}
      error={adjust.error}
      onConfirm={(amount, reason, totp) =>
        adjust.mutate({ input: { params: { uid }, body: { direction, amount, key, reason } }, options: { totp } })
      }
      onClose={onClose}
    >
      <fieldset className="field">
        <legend className="field__label">{t('viewer.adjust.direction')}</legend>
        {DIRECTIONS.map((value) => (
          <label key={value} className="field--check">
            <input
              type="radio"
              name="direction"
              value={value}
              checked={direction === value}
              onChange={() => setDirection(value)}
            />
            {t(`viewer.adjust.${value}`)}
          </label>
        ))}
      </fieldset>
    </WholeNumberDialog>
  );
}
