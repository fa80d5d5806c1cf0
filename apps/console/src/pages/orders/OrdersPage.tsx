import { useInfiniteQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { consoleSearchOrders, type ConsoleOrderRow, type OrdersQuery } from '@cliffhanger/contract/console';
import { Link, useSearchParams } from 'react-router';
import { consoleCall } from '../../api/console-api';
import { consoleKey } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { channelLabel, moneyLabel, statusLabel } from './order-labels';
import { filtersOf, ordersQueryOf, searchOf } from './order-filters';
import { OrderFilterForm } from './OrderFilterForm';

const PAGE_SIZE = 50;
const column = createColumnHelper<ConsoleOrderRow>();

const columns = [
  column.accessor('created_at', { header: () => t('orders.col.created'), cell: ({ getValue }) => utcTime(getValue()) }),
  column.accessor('id', {
    header: () => t('orders.col.id'),
    cell: ({ getValue }) => (
      <Link to={`/orders/${getValue()}`}>
        <code>{getValue()}</code>
      </Link>
    ),
  }),
  column.accessor('uid', { header: () => t('orders.col.uid') }),
  column.accessor('product_id', { header: () => t('orders.col.product') }),
  column.accessor('channel', {
    header: () => t('orders.col.channel'),
    cell: ({ getValue }) => channelLabel(getValue()),
  }),
  column.accessor('status', {
    header: () => t('orders.col.status'),
    cell: ({ row }) =>
      row.original.flagged
        ? `${statusLabel(row.original.status)} · ${t('orders.flagged')}`
        : statusLabel(row.original.status),
  }),
  column.accessor('price_cents', {
    header: () => t('orders.col.price'),
    cell: ({ row }) => moneyLabel(row.original.price_cents, row.original.currency),
  }),
];

/**
 * The order search, newest first, fifty at a time ("load more" asks for the next page by cursor).
 * The filters live in the address, so a search can be linked to.
 */
export default function OrdersPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const query: OrdersQuery = ordersQueryOf(filters);
  const orders = useInfiniteQuery({
    queryKey: consoleKey(consoleSearchOrders, query),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleCall(
        consoleSearchOrders,
        { query: { ...query, size: PAGE_SIZE, ...(pageParam === undefined ? {} : { cursor: pageParam }) } },
        { signal },
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const list = orders.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <>
      <h1>{t('orders.title')}</h1>
      <p>{t('orders.intro')}</p>
      <OrderFilterForm
        key={search.toString()}
        initial={filters}
        onApply={(next) => setSearch(searchOf(next))}
        onClear={() => setSearch(new URLSearchParams())}
      />
      {orders.isPending ? (
        <Loading />
      ) : orders.error && list.length === 0 ? (
        <ErrorNotice error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          <DataTable
            data={list}
            columns={columns}
            getRowId={(order) => order.id}
            caption={t('orders.title')}
            empty={t('orders.empty')}
          />
          {orders.error && <ErrorNotice error={orders.error} onRetry={() => void orders.fetchNextPage()} />}
          <div className="toolbar">
            {orders.hasNextPage ? (
              <button
                type="button"
                className="button"
                disabled={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {orders.isFetchingNextPage ? t('orders.loadingMore') : t('orders.loadMore')}
              </button>
            ) : (
              list.length > 0 && <p className="field__hint">{t('orders.end')}</p>
            )}
          </div>
        </>
      )}
    </>
  );
}
