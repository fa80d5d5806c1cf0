import { createColumnHelper } from '@tanstack/react-table';
import { consoleFindViewers, type ViewerSummary } from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { viewerState } from './viewer-labels';

const column = createColumnHelper<ViewerSummary>();
const columns = [
  column.accessor('uid', {
    header: () => t('viewers.col.uid'),
    cell: ({ getValue }) => <Link to={`/viewers/${getValue()}`}>{getValue()}</Link>,
  }),
  column.accessor('nickname', {
    header: () => t('viewers.col.nickname'),
    cell: ({ getValue }) => getValue() || t('viewers.noNickname'),
  }),
  column.accessor('phone', {
    header: () => t('viewers.col.phone'),
    cell: ({ getValue }) => getValue() ?? t('viewers.none'),
  }),
  column.accessor('coin', { header: () => t('viewers.col.coins') }),
  column.accessor('created_at', {
    header: () => t('viewers.col.created'),
    cell: ({ getValue }) => utcTime(getValue()),
  }),
  column.display({ id: 'state', header: () => t('viewers.col.state'), cell: ({ row }) => viewerState(row.original) }),
  column.accessor('matched_by', {
    header: () => t('viewers.col.matched'),
    cell: ({ getValue }) =>
      getValue()
        .map((by) => t(`viewers.matched.${by}`))
        .join(', '),
  }),
];

/** One search box, exact matches; the search lives in the address so a result can be linked. */
export default function ViewersPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const results = useConsoleQuery(consoleFindViewers, { query: { q } }, { enabled: q !== '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') setSearch({ q: text.trim() });
  };

  return (
    <>
      <h1>{t('viewers.title')}</h1>
      <p>{t('viewers.intro')}</p>
      <form className="form" role="search" onSubmit={submit}>
        <Field label={t('viewers.search.label')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="search"
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <div className="form__actions form__actions--start">
          <button type="submit" className="button button--primary">
            {t('viewers.search.submit')}
          </button>
        </div>
      </form>
      {q !== '' && (
        <QueryView query={results}>
          {(data) => (
            <DataTable
              data={data}
              columns={columns}
              getRowId={(viewer) => String(viewer.uid)}
              caption={t('viewers.results')}
              empty={t('viewers.search.empty')}
            />
          )}
        </QueryView>
      )}
    </>
  );
}
