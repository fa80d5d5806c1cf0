import { ORDER_CHANNELS, ORDER_STATUSES } from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { t } from '../../i18n/messages';
import { channelLabel, statusLabel } from './order-labels';
import { ORDER_ID, UID, type OrderFilters } from './order-filters';

type Problems = Partial<Record<'order' | 'uid' | 'to', string>>;

function problemsOf(draft: OrderFilters): Problems {
  const problems: Problems = {};
  if (draft.order.trim() !== '' && !ORDER_ID.test(draft.order.trim()))
    problems.order = t('orders.filter.orderIdInvalid');
  if (draft.uid.trim() !== '' && !UID.test(draft.uid.trim())) problems.uid = t('orders.filter.uidInvalid');
  if (draft.from !== '' && draft.to !== '' && draft.to < draft.from) problems.to = t('orders.filter.rangeInvalid');
  return problems;
}

/** The search's filters, edited here and applied to the address (and so to the list) together. */
export function OrderFilterForm({
  initial,
  onApply,
  onClear,
}: {
  initial: OrderFilters;
  onApply: (filters: OrderFilters) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const set = (name: keyof OrderFilters) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [name]: event.target.value });
    setProblems({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(draft);
    setProblems(found);
    if (Object.keys(found).length === 0) onApply(draft);
  };

  return (
    <form className="filters" onSubmit={submit} noValidate aria-label={t('orders.filter.title')}>
      <Field label={t('orders.filter.orderId')} hint={t('orders.filter.orderIdHint')} error={problems.order}>
        {(props) => <input {...props} className="input" value={draft.order} onChange={set('order')} />}
      </Field>
      <Field label={t('orders.filter.uid')} error={problems.uid}>
        {(props) => <input {...props} className="input" inputMode="numeric" value={draft.uid} onChange={set('uid')} />}
      </Field>
      <Field label={t('orders.filter.channel')}>
        {(props) => (
          <select {...props} value={draft.channel} onChange={set('channel')}>
            <option value="">{t('orders.filter.any')}</option>
            {ORDER_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {channelLabel(channel)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('orders.filter.product')}>
        {(props) => <input {...props} className="input" value={draft.product} onChange={set('product')} />}
      </Field>
      <Field label={t('orders.filter.status')}>
        {(props) => (
          <select {...props} value={draft.status} onChange={set('status')}>
            <option value="">{t('orders.filter.any')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('orders.filter.from')}>
        {(props) => <input {...props} className="input" type="date" value={draft.from} onChange={set('from')} />}
      </Field>
      <Field label={t('orders.filter.to')} error={problems.to}>
        {(props) => <input {...props} className="input" type="date" value={draft.to} onChange={set('to')} />}
      </Field>
      <div className="form__actions form__actions--start filters__actions">
        <button type="submit" className="button button--primary">
          {t('orders.filter.apply')}
        </button>
        <button type="button" className="button" onClick={onClear}>
          {t('orders.filter.clear')}
        </button>
      </div>
    </form>
  );
}
