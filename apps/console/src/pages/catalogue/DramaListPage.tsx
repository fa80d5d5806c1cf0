import { createColumnHelper } from '@tanstack/react-table';
import {
  CONSOLE_DRAMA_SORTS,
  consoleListDramas,
  consoleListDramaTags,
  DRAMA_STATUSES,
  type ConsoleDramaRow,
  type ConsoleDramaSort,
  type DramaStatus,
} from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { pricingText, releaseText } from './catalogue-text';
import { Field } from '../../components/Field';

const PAGE_SIZE = 25;
const column = createColumnHelper<ConsoleDramaRow>();

const columns = [
  column.accessor('poster', {
    header: () => t('catalogue.col.poster'),
    cell: ({ getValue }) =>
      getValue() === '' ? (
        <span className="drama-summary__status">{t('catalogue.noPoster')}</span>
      ) : (
        <img className="drama-summary__thumb catalogue__poster" src={getValue()} alt="" loading="lazy" />
      ),
  }),
  column.accessor((drama) => drama.title.en, {
    id: 'title',
    header: () => t('catalogue.col.title'),
    cell: ({ row }) => (
      <span className="drama-summary__text">
        <Link to={`/catalogue/${row.original.id}`} className="drama-summary__title">
          {row.original.title.en}
        </Link>
        <span className="drama-summary__status">{row.original.slug}</span>
      </span>
    ),
  }),
  column.accessor('status', {
    header: () => t('catalogue.col.status'),
    cell: ({ row }) => (
      <span className={`catalogue__status catalogue__status--${row.original.status}`}>{releaseText(row.original)}</span>
    ),
  }),
  column.accessor('episode_count', { header: () => t('catalogue.col.episodes') }),
  column.display({
    id: 'pricing',
    header: () => t('catalogue.col.pricing'),
    cell: ({ row }) => pricingText(row.original),
  }),
  column.accessor('hits', { header: () => t('catalogue.col.hits') }),
  column.accessor('updated_at', {
    header: () => t('catalogue.col.updated'),
    cell: ({ getValue }) => utcTime(getValue()),
  }),
];

const statusOf = (value: string | null): DramaStatus | undefined => DRAMA_STATUSES.find((status) => status === value);
const sortOf = (value: string | null): ConsoleDramaSort =>
  CONSOLE_DRAMA_SORTS.find((sort) => sort === value) ?? 'updated';

/**
 * Every drama, published or not: search, status and tag filters and the sort live in the page's
 * address, so a filtered page can be reloaded or shared; the server pages and sorts.
 */
export default function DramaListPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = statusOf(params.get('status'));
  const tag = params.get('tag') ?? '';
  const sort = sortOf(params.get('sort'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);

  const dramas = useConsoleQuery(consoleListDramas, {
    query: {
      page,
      size: PAGE_SIZE,
      sort,
      ...(q ? { q } : {}),
      ...(status ? { status } : {}),
      ...(tag ? { tag } : {}),
    },
  });
  const tags = useConsoleQuery(consoleListDramaTags);

  /** Changes one filter and goes back to the first page (a filter changes what the pages hold). */
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    if (name !== 'page') next.delete('page');
    setParams(next);
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    set('q', search.trim());
  };

  const pages = dramas.data ? Math.max(1, Math.ceil(dramas.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <h1>{t('catalogue.list.title')}</h1>
      <div className="toolbar">
        <Link className="button button--primary" to="/catalogue/new">
          {t('catalogue.list.new')}
        </Link>
      </div>
      <div className="catalogue__filters">
        <form className="catalogue__search" role="search" onSubmit={submitSearch}>
          <Field label={t('catalogue.list.search')} hint={t('catalogue.list.searchHint')}>
            {(props) => (
              <input
                {...props}
                className="input"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="button">
            {t('catalogue.list.search')}
          </button>
        </form>
        <Field label={t('catalogue.list.status')}>
          {(props) => (
            <select {...props} value={status ?? ''} onChange={(event) => set('status', event.target.value)}>
              <option value="">{t('catalogue.list.any')}</option>
              {DRAMA_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`catalogue.status.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('catalogue.list.tag')}>
          {(props) => (
            <select {...props} value={tag} onChange={(event) => set('tag', event.target.value)}>
              <option value="">{t('catalogue.list.any')}</option>
              {(tags.data ?? []).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('catalogue.list.sort')}>
          {(props) => (
            <select {...props} value={sort} onChange={(event) => set('sort', event.target.value)}>
              {CONSOLE_DRAMA_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`catalogue.list.sort.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {dramas.isPending ? (
        <Loading />
      ) : dramas.error ? (
        <ErrorNotice error={dramas.error} onRetry={() => void dramas.refetch()} />
      ) : (
        <>
          <DataTable
            data={dramas.data.list}
            columns={columns}
            getRowId={(drama) => String(drama.id)}
            caption={t('catalogue.list.total', { total: dramas.data.total })}
            empty={t('catalogue.list.empty')}
          />
          <nav className="catalogue__pager" aria-label={t('catalogue.list.page', { page, pages })}>
            <button type="button" className="button" disabled={page <= 1} onClick={() => set('page', String(page - 1))}>
              {t('catalogue.list.previous')}
            </button>
            <span>{t('catalogue.list.page', { page, pages })}</span>
            <button
              type="button"
              className="button"
              disabled={!dramas.data.has_more}
              onClick={() => set('page', String(page + 1))}
            >
              {t('catalogue.list.next')}
            </button>
          </nav>
        </>
      )}
    </>
  );
}
