import { createColumnHelper } from '@tanstack/react-table';
import { consoleGetOrder, type ConsoleOrder, type ConsoleRefund } from '@cliffhanger/contract/console';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { channelLabel, moneyLabel, refundStatusLabel, statusLabel } from './order-labels';
import { OrderTimeline } from './OrderTimeline';
import { RefundDialog } from './RefundDialog';

const column = createColumnHelper<ConsoleRefund>();
const refundColumns = [
  column.accessor('created_at', {
    header: () => t('orders.refunds.col.at'),
    cell: ({ getValue }) => utcTime(getValue()),
  }),
  column.accessor('amount_cents', {
    header: () => t('orders.refunds.col.amount'),
    cell: ({ row }) => moneyLabel(row.original.amount_cents, row.original.currency),
  }),
  column.accessor('status', {
    header: () => t('orders.refunds.col.status'),
    cell: ({ row }) =>
      row.original.failure_reason
        ? `${refundStatusLabel(row.original.status)}: ${row.original.failure_reason}`
        : refundStatusLabel(row.original.status),
  }),
  column.accessor('operator', {
    header: () => t('orders.refunds.col.who'),
    // No operator: the refund was made in Stripe's Dashboard, and the webhook recorded it.
    cell: ({ getValue }) => getValue()?.email ?? t('orders.refunds.dashboard'),
  }),
  column.accessor('reason', { header: () => t('orders.refunds.col.reason') }),
  column.accessor('provider_refund_id', {
    header: () => t('orders.refunds.col.stripe'),
    cell: ({ getValue }) => getValue() ?? t('orders.order.none'),
  }),
];

const orNone = (value: string | null) => value ?? t('orders.order.none');

function Facts({ order }: { order: ConsoleOrder }) {
  const rows: [string, ReactNode][] = [
    [t('orders.order.uid'), order.uid],
    [t('orders.order.product'), order.product_id],
    [t('orders.order.channel'), channelLabel(order.channel)],
    [t('orders.order.status'), statusLabel(order.status)],
    [t('orders.order.price'), moneyLabel(order.price_cents, order.currency)],
    [t('orders.order.created'), utcTime(order.created_at)],
    [t('orders.order.fulfilled'), order.fulfilled_at ? utcTime(order.fulfilled_at) : t('orders.order.none')],
    [
      t('orders.order.coins'),
      t('orders.order.coinsValue', {
        credited: order.coins_credited,
        reversed: order.coins_reversed,
        unrecovered: order.coins_unrecovered,
      }),
    ],
    [t('orders.order.vipUntil'), order.vip_expires_at ? utcTime(order.vip_expires_at) : t('orders.order.none')],
    [t('orders.order.flag'), orNone(order.flag_reason)],
    [t('orders.order.paymentIntent'), orNone(order.stripe_payment_intent_id)],
    [t('orders.order.subscription'), orNone(order.stripe_subscription_id)],
    [t('orders.order.refundable'), moneyLabel(order.refundable_cents, order.currency)],
  ];
  return (
    <dl className="order-facts" aria-label={t('orders.order.facts')}>
      {rows.map(([term, value]) => (
        <div key={term} className="order-facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One order: its terms, the refund button (Stripe orders), the console's refunds and its timeline. */
export default function OrderPage() {
  const id = useParams().id ?? '';
  const detail = useConsoleQuery(consoleGetOrder, { params: { id } });
  const [refunding, setRefunding] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  return (
    <>
      <p>
        <Link to="/orders">{t('orders.order.back')}</Link>
      </p>
      <h1>{t('orders.order.title', { id })}</h1>
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
      <QueryView query={detail}>
        {({ order, timeline, refunds }) => (
          <>
            <Facts order={order} />
            <div className="toolbar">
              {order.channel === 'apple' ? (
                <p className="field__hint">{t('orders.refund.apple')}</p>
              ) : order.refundable_cents > 0 ? (
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => {
                    setDone(null);
                    setRefunding(true);
                  }}
                >
                  {t('orders.refund.open')}
                </button>
              ) : (
                <p className="field__hint">{t('orders.refund.notRefundable')}</p>
              )}
            </div>
            <h2>{t('orders.refunds.title')}</h2>
            <DataTable
              data={refunds}
              columns={refundColumns}
              getRowId={(refund) => String(refund.id)}
              caption={t('orders.refunds.title')}
              empty={t('orders.refunds.empty')}
            />
            <h2>{t('orders.timeline.title')}</h2>
            <p>{t('orders.timeline.intro')}</p>
            <OrderTimeline steps={timeline} />
            {refunding && (
              <RefundDialog
                order={order}
                onClose={() => setRefunding(false)}
                onRefunded={(message) => {
                  setRefunding(false);
                  setDone(message);
                }}
              />
            )}
          </>
        )}
      </QueryView>
    </>
  );
}
