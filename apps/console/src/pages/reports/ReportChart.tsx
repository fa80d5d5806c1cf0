import { lazy, Suspense, type ReactNode } from 'react';
import { t } from '../../i18n/messages';
import type { ChartData } from './chart-data';

const UplotChart = lazy(() => import('./UplotChart'));

/** A chart with its title and the download of the table behind it. */
export function ReportChart({ title, data, csv }: { title: string; data: ChartData; csv: ReactNode }) {
  return (
    <figure className="report-chart" aria-label={title}>
      <figcaption className="report-chart__head">
        <h2>{title}</h2>
        {csv}
      </figcaption>
      <Suspense fallback={<p className="field__hint">{t('reports.chartLoading')}</p>}>
        <UplotChart data={data} />
      </Suspense>
    </figure>
  );
}

/** A table's section: its title, its CSV download and the table. */
export function ReportSection({ title, csv, children }: { title: string; csv: ReactNode; children: ReactNode }) {
  return (
    <section className="report-section" aria-label={title}>
      <div className="report-chart__head">
        <h2>{title}</h2>
        {csv}
      </div>
      {children}
    </section>
  );
}
