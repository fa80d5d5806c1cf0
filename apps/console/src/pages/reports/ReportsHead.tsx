import type { ReportRangeQuery } from '@cliffhanger/contract/console';
import { useId, useState, type FormEvent } from 'react';
import { NavLink, useSearchParams } from 'react-router';
import { roleMaySee } from '../../app/console-page';
import { useOperator } from '../../app/operator-context';
import { t, type MessageKey } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { rangeOf, searchOfRange } from './report-range';

const TABS: { path: string; key: MessageKey; roles: readonly ('finance' | 'editor')[] }[] = [
  { path: '/reports/revenue', key: 'reports.tab.revenue', roles: ['finance'] },
  { path: '/reports/viewers', key: 'reports.tab.viewers', roles: ['finance'] },
  { path: '/reports/coins', key: 'reports.tab.coins', roles: ['finance'] },
  { path: '/reports/dramas', key: 'reports.tab.dramas', roles: ['finance', 'editor'] },
];

/** The range a dashboard shows, from its address. */
export function useReportRange(): ReportRangeQuery {
  const [search] = useSearchParams();
  return rangeOf(search);
}

/** A dashboard's top: its title and intro, the dashboards the operator may open, and the days shown. */
export function ReportsHead({ title, intro }: { title: string; intro: string }) {
  const { role } = useOperator();
  const [search, setSearch] = useSearchParams();
  const range = rangeOf(search);
  return (
    <>
      <h1>{title}</h1>
      <nav aria-label={t('reports.tabs')} className="report-tabs">
        {TABS.filter((tab) => roleMaySee(tab.roles, role)).map((tab) => (
          <NavLink key={tab.path} to={`${tab.path}${searchOfRange(range)}`} end={tab.path !== '/reports/dramas'}>
            {t(tab.key)}
          </NavLink>
        ))}
      </nav>
      <p>{intro}</p>
      <RangeForm
        key={search.toString()}
        initial={range}
        onApply={(next) => setSearch(new URLSearchParams(searchOfRange(next)))}
      />
    </>
  );
}

/** The first and last day (both included); empty fields are the last 30 days. */
function RangeForm({ initial, onApply }: { initial: ReportRangeQuery; onApply: (range: ReportRangeQuery) => void }) {
  const id = useId();
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const backwards = from !== '' && to !== '' && to < from;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    onApply({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };
  return (
    <form className="toolbar report-range" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t('reports.range.legend')}</legend>
        <label htmlFor={`${id}-from`}>{t('reports.range.from')}</label>
        <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <label htmlFor={`${id}-to`}>{t('reports.range.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          aria-invalid={backwards}
          aria-describedby={backwards ? `${id}-error` : undefined}
          onChange={(e) => setTo(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={backwards}>
          {t('reports.range.apply')}
        </button>
        <button type="button" className="button" onClick={() => onApply({})}>
          {t('reports.range.reset')}
        </button>
      </fieldset>
      {backwards && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t('reports.range.backwards')}
        </p>
      )}
    </form>
  );
}

/** The days an answer covers, and how fresh its play figures are (live money and coins say so). */
export function RangeNote({
  range,
  freshness,
}: {
  range: { from: string; to: string; time_zone: string };
  freshness?: { as_of: string | null; refresh_every_s: number };
}) {
  const minutes = freshness ? Math.round(freshness.refresh_every_s / 60) : 0;
  return (
    <p className="field__hint" role="status">
      {t('reports.range.shown', { from: range.from, to: range.to, zone: range.time_zone })}{' '}
      {freshness === undefined
        ? t('reports.live')
        : freshness.as_of === null
          ? t('reports.fresh.never', { minutes })
          : t('reports.fresh', { time: utcTime(freshness.as_of), minutes })}
    </p>
  );
}
