import { useInfiniteQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { consoleViewerLedger, type ViewerLedgerEntry } from '@cliffhanger/contract/console';
import { consoleCall } from '../../api/console-api';
import { consoleKey } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { expiryLabel } from './viewer-labels';

const column = createColumnHelper<ViewerLedgerEntry>();
const columns = [
  column.accessor('created_at', { header: () => t('viewer.ledger.at'), cell: ({ getValue }) => utcTime(getValue()) }),
  column.accessor('kind', { header: () => t('viewer.ledger.kind'), cell: ({ getValue }) => <code>{getValue()}</code> }),
  column.accessor('amount', {
    header: () => t('viewer.ledger.amount'),
    cell: ({ getValue }) => (getValue() > 0 ? `+${getValue()}` : String(getValue())),
  }),
  column.accessor('balance_after', { header: () => t('viewer.ledger.balance') }),
  column.accessor('ref', {
    header: () => t('viewer.ledger.ref'),
    cell: ({ getValue }) => getValue() ?? t('viewers.none'),
  }),
  column.accessor('lot', {
    header: () => t('viewer.ledger.lot'),
    cell: ({ getValue }) => {
      const lot = getValue();
      return lot
        ? t('viewer.ledger.lotLeft', { remaining: lot.remaining, expiry: expiryLabel(lot.expires_at) })
        : t('viewers.none');
    },
  }),
];

/** The coin ledger newest first, fifty entries at a time ("load more" by cursor). */
export function ViewerLedger({ uid }: { uid: number }) {
  const entries = useInfiniteQuery({
    queryKey: consoleKey(consoleViewerLedger, { uid }),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleCall(
        consoleViewerLedger,
        { params: { uid }, query: pageParam === undefined ? {} : { cursor: pageParam } },
        { signal },
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const list = entries.data?.pages.flatMap((page) => page.list) ?? [];

  if (entries.isPending) return <Loading />;
  if (entries.error && list.length === 0) {
    return <ErrorNotice error={entries.error} onRetry={() => void entries.refetch()} />;
  }
  return (
    <>
      <DataTable
        data={list}
        columns={columns}
        getRowId={(entry) => String(entry.id)}
        caption={t('viewer.ledger')}
        empty={t('viewer.ledger.empty')}
      />
      {entries.error && <ErrorNotice error={entries.error} onRetry={() => void entries.fetchNextPage()} />}
      {entries.hasNextPage && (
        <div className="toolbar">
          <button
            type="button"
            className="button"
            disabled={entries.isFetchingNextPage}
            onClick={() => void entries.fetchNextPage()}
          >
            {entries.isFetchingNextPage ? t('viewer.ledger.loadingMore') : t('viewer.ledger.more')}
          </button>
        </div>
      )}
    </>
  );
}
