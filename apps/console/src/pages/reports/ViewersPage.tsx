import { createColumnHelper } from '@tanstack/react-table';
import { consoleViewersCsv, consoleViewersReport, type ViewersReport } from '@cliffhanger/contract/console';
import { useMemo } from 'react';
import { consoleCall } from '../../api/console-api';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { percent, viewersChart } from './chart-data';
import { CsvButton } from './CsvButton';
import { ReportChart, ReportSection } from './ReportChart';
import { RangeNote, ReportsHead, useReportRange } from './ReportsHead';
import './reports.css';

type Table = 'days' | 'weeks' | 'months' | 'cohorts';
type Cohort = ViewersReport['cohorts'][number];

/** A cohort's returning viewers with their share of the day's new viewers, or "not yet". */
function retained(count: number | null, cohort: Cohort): string {
  if (count === null) return t('reports.viewers.notYet');
  const share = percent(count, cohort.new);
  return share === null ? String(count) : t('reports.viewers.rate', { count, percent: share });
}

/** Daily, weekly and monthly active viewers, new viewers and the D1/D7 cohorts. */
export default function ViewersPage() {
  const range = useReportRange();
  const report = useConsoleQuery(consoleViewersReport, { query: range });
  return (
    <>
      <ReportsHead title={t('reports.viewers.title')} intro={t('reports.viewers.intro')} />
      <QueryView query={report}>{(data) => <ViewersView report={data} />}</QueryView>
    </>
  );
}

function ViewersView({ report }: { report: ViewersReport }) {
  const csv = (table: Table, title: string) => (
    <CsvButton
      table={title}
      load={() => consoleCall(consoleViewersCsv, { query: { from: report.range.from, to: report.range.to, table } })}
    />
  );
  const chart = useMemo(
    () =>
      viewersChart(report, {
        active: t('reports.viewers.active'),
        signedIn: t('reports.viewers.signedIn'),
        new: t('reports.viewers.new'),
      }),
    [report],
  );
  const week = createColumnHelper<ViewersReport['weeks'][number]>();
  const month = createColumnHelper<ViewersReport['months'][number]>();
  const cohort = createColumnHelper<Cohort>();
  return (
    <>
      <RangeNote range={report.range} freshness={report.freshness} />
      <ReportChart title={t('reports.viewers.chart')} data={chart} csv={csv('days', t('reports.viewers.byDay'))} />
      <div className="report-pair">
        <ReportSection title={t('reports.viewers.byWeek')} csv={csv('weeks', t('reports.viewers.byWeek'))}>
          <DataTable
            data={report.weeks}
            columns={[
              week.accessor('week', { header: () => t('reports.viewers.week') }),
              week.accessor('active', { header: () => t('reports.viewers.active') }),
            ]}
            getRowId={(row) => row.week}
            caption={t('reports.viewers.byWeek')}
            empty={t('reports.empty')}
          />
        </ReportSection>
        <ReportSection title={t('reports.viewers.byMonth')} csv={csv('months', t('reports.viewers.byMonth'))}>
          <DataTable
            data={report.months}
            columns={[
              month.accessor('month', { header: () => t('reports.viewers.month') }),
              month.accessor('active', { header: () => t('reports.viewers.active') }),
            ]}
            getRowId={(row) => row.month}
            caption={t('reports.viewers.byMonth')}
            empty={t('reports.empty')}
          />
        </ReportSection>
      </div>
      <ReportSection title={t('reports.viewers.cohorts')} csv={csv('cohorts', t('reports.viewers.cohorts'))}>
        <DataTable
          data={report.cohorts}
          columns={[
            cohort.accessor('day', { header: () => t('reports.range.legend') }),
            cohort.accessor('new', { header: () => t('reports.viewers.new') }),
            cohort.display({
              id: 'd1',
              header: () => t('reports.viewers.d1'),
              cell: ({ row }) => retained(row.original.d1, row.original),
            }),
            cohort.display({
              id: 'd7',
              header: () => t('reports.viewers.d7'),
              cell: ({ row }) => retained(row.original.d7, row.original),
            }),
          ]}
          getRowId={(row) => row.day}
          caption={t('reports.viewers.cohorts')}
        />
      </ReportSection>
    </>
  );
}
