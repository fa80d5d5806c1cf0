import { useInfiniteQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { consoleAuditLog, consoleListOperators, type AuditEntry, type AuditQuery } from '@cliffhanger/contract/console';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { consoleCall } from '../../api/console-api';
import { consoleKey, useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { AuditChange } from './AuditChange';
import { auditQueryOf, filtersOf, searchOf, type AuditFilters } from './audit-filters';

const PAGE_SIZE = 50;
const column = createColumnHelper<AuditEntry>();

const columns = [
  column.accessor('at', { header: () => t('audit.col.at'), cell: ({ getValue }) => utcTime(getValue()) }),
  column.accessor('operator', {
    header: () => t('audit.col.who'),
    cell: ({ getValue }) => getValue()?.email ?? t('audit.commandLine'),
  }),
  column.accessor('action', { header: () => t('audit.col.action'), cell: ({ getValue }) => <code>{getValue()}</code> }),
  column.accessor('target', { header: () => t('audit.col.target'), cell: ({ getValue }) => <code>{getValue()}</code> }),
  column.display({
    id: 'change',
    header: () => t('audit.col.change'),
    cell: ({ row }) => <AuditChange before={row.original.before} after={row.original.after} />,
  }),
  column.accessor('reason', { header: () => t('audit.col.reason') }),
];

/**
 * The audit log, newest first, fifty entries at a time ("load more" asks for the next page by
 * cursor). The filters live in the address, so a filtered view can be linked to (the operators
 * page links each operator's history).
 */
export default function AuditPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const query: AuditQuery = auditQueryOf(filters);
  const entries = useInfiniteQuery({
    queryKey: consoleKey(consoleAuditLog, query),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      consoleCall(
        consoleAuditLog,
        { query: { ...query, size: PAGE_SIZE, ...(pageParam === undefined ? {} : { cursor: pageParam }) } },
        { signal },
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const list = entries.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <>
      <h1>{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>
      <AuditFilterForm
        key={search.toString()}
        initial={filters}
        onApply={(next) => setSearch(searchOf(next))}
        onClear={() => setSearch(new URLSearchParams())}
      />
      {entries.isPending ? (
        <Loading />
      ) : entries.error && list.length === 0 ? (
        <ErrorNotice error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <>
          <DataTable
            data={list}
            columns={columns}
            getRowId={(entry) => String(entry.id)}
            caption={t('audit.title')}
            empty={t('audit.empty')}
          />
          {entries.error && <ErrorNotice error={entries.error} onRetry={() => void entries.fetchNextPage()} />}
          <div className="toolbar">
            {entries.hasNextPage ? (
              <button
                type="button"
                className="button"
                disabled={entries.isFetchingNextPage}
                onClick={() => void entries.fetchNextPage()}
              >
                {entries.isFetchingNextPage ? t('audit.loadingMore') : t('audit.loadMore')}
              </button>
            ) : (
              list.length > 0 && <p className="field__hint">{t('audit.end')}</p>
            )}
          </div>
        </>
      )}
    </>
  );
}

/** The filters, edited here and applied to the address (and so to the list) together. */
function AuditFilterForm({
  initial,
  onApply,
  onClear,
}: {
  initial: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  onClear: () => void;
}) {
  const id = useId();
  const operators = useConsoleQuery(consoleListOperators);
  const [draft, setDraft] = useState(initial);
  const [rangeInvalid, setRangeInvalid] = useState(false);
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [name]: event.target.value });
    setRangeInvalid(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from !== '' && draft.to !== '' && draft.to < draft.from) {
      setRangeInvalid(true);
      return;
    }
    onApply(draft);
  };

  return (
    <form className="filters" onSubmit={submit} noValidate aria-label={t('audit.filter.title')}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-operator`}>
          {t('audit.filter.operator')}
        </label>
        <select id={`${id}-operator`} value={draft.operator} onChange={set('operator')}>
          <option value="">{t('audit.filter.anyOperator')}</option>
          {operators.data?.list.map((operator) => (
            <option key={operator.id} value={String(operator.id)}>
              {operator.email}
            </option>
          ))}
          {/* An operator given in the address but missing from the list (still loading) stays chosen. */}
          {draft.operator !== '' && !operators.data?.list.some((o) => String(o.id) === draft.operator) && (
            <option value={draft.operator}>{draft.operator}</option>
          )}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-action`}>
          {t('audit.filter.action')}
        </label>
        <input
          id={`${id}-action`}
          className="input"
          value={draft.action}
          aria-describedby={`${id}-action-hint`}
          onChange={set('action')}
        />
        <p id={`${id}-action-hint`} className="field__hint">
          {t('audit.filter.actionHint')}
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-target`}>
          {t('audit.filter.target')}
        </label>
        <input
          id={`${id}-target`}
          className="input"
          value={draft.target}
          aria-describedby={`${id}-target-hint`}
          onChange={set('target')}
        />
        <p id={`${id}-target-hint`} className="field__hint">
          {t('audit.filter.targetHint')}
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          {t('audit.filter.from')}
        </label>
        <input id={`${id}-from`} className="input" type="date" value={draft.from} onChange={set('from')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          {t('audit.filter.to')}
        </label>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          value={draft.to}
          aria-invalid={rangeInvalid}
          aria-describedby={rangeInvalid ? `${id}-to-error` : undefined}
          onChange={set('to')}
        />
        {rangeInvalid && (
          <p id={`${id}-to-error`} className="field__error">
            {t('audit.filter.rangeInvalid')}
          </p>
        )}
      </div>
      <div className="form__actions form__actions--start filters__actions">
        <button type="submit" className="button button--primary">
          {t('audit.filter.apply')}
        </button>
        <button type="button" className="button" onClick={onClear}>
          {t('audit.filter.clear')}
        </button>
      </div>
    </form>
  );
}
