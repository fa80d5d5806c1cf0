import { createColumnHelper } from '@tanstack/react-table';
import { consoleDramaCsv, consoleDramaReport, type DramaReport } from '@cliffhanger/contract/console';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { consoleCall } from '../../api/console-api';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { dropOffChart, percent } from './chart-data';
import { CsvButton } from './CsvButton';
import { ReportChart, ReportSection } from './ReportChart';
import { RangeNote, ReportsHead, useReportRange } from './ReportsHead';
import { ReportTotals } from './ReportTotals';
import { searchOfRange } from './report-range';
import './reports.css';

type Episode = DramaReport['episodes'][number];

/** One drama: plays per episode (where viewers drop off), unlock rates, coins, revenue and VIP share. */
export default function DramaPage() {
  const id = Number(useParams().id);
  const range = useReportRange();
  const report = useConsoleQuery(consoleDramaReport, { params: { id }, query: range });
  return (
    <>
      <ReportsHead
        title={report.data ? report.data.drama.title : t('reports.dramas.title')}
        intro={t('reports.drama.intro')}
      />
      <p>
        <Link to={`/reports/dramas${searchOfRange(range)}`}>{t('reports.drama.back')}</Link>
      </p>
      <QueryView query={report}>{(data) => <DramaView report={data} />}</QueryView>
    </>
  );
}

function DramaView({ report }: { report: DramaReport }) {
  const chart = useMemo(
    () => dropOffChart(report, { plays: t('reports.dramas.plays'), viewers: t('reports.drama.viewers') }),
    [report],
  );
  const vipShare = percent(report.vip_viewers, report.signed_in_viewers);
  const column = createColumnHelper<Episode>();
  const title = t('reports.drama.episodes');
  return (
    <>
      <RangeNote range={report.range} freshness={report.freshness} />
      <ReportTotals
        items={[
          { label: t('reports.drama.coins'), value: report.coins },
          {
            label: t('reports.drama.revenue'),
            value: t('reports.money', { amount: (report.revenue_cents_estimate / 100).toFixed(2), currency: 'USD' }),
          },
          {
            label: t('reports.drama.vip'),
            value:
              vipShare === null
                ? t('reports.none')
                : t('reports.drama.vipShare', {
                    vip: report.vip_viewers,
                    viewers: report.signed_in_viewers,
                    percent: vipShare,
                  }),
          },
        ]}
      />
      <ReportChart
        title={t('reports.drama.chart')}
        data={chart}
        csv={
          <CsvButton
            table={title}
            load={() =>
              consoleCall(consoleDramaCsv, {
                params: { id: report.drama.id },
                query: { from: report.range.from, to: report.range.to },
              })
            }
          />
        }
      />
      <ReportSection title={title} csv={null}>
        <DataTable
          data={report.episodes}
          columns={[
            column.accessor('number', { header: () => t('reports.drama.episode') }),
            column.accessor('paid', {
              header: () => t('reports.drama.price'),
              cell: ({ getValue }) => (getValue() ? t('reports.drama.paid') : t('reports.drama.free')),
            }),
            column.accessor('plays', { header: () => t('reports.dramas.plays') }),
            column.accessor('viewers', { header: () => t('reports.drama.viewers') }),
            column.accessor('unlocks', { header: () => t('reports.dramas.unlocks') }),
            column.display({
              id: 'unlock_rate',
              header: () => t('reports.drama.rate'),
              cell: ({ row }) => {
                const rate = row.original.unlock_rate;
                return rate === null ? t('reports.none') : `${(rate * 100).toFixed(1)}%`;
              },
            }),
          ]}
          getRowId={(row) => String(row.episode_id)}
          caption={title}
          empty={t('reports.empty')}
        />
      </ReportSection>
    </>
  );
}
