import { createColumnHelper } from '@tanstack/react-table';
import {
  COIN_REPORT_GROUPS,
  consoleCoinsCsv,
  consoleCoinsReport,
  type CoinReportGroup,
  type CoinsReport,
} from '@cliffhanger/contract/console';
import { useMemo } from 'react';
import { consoleCall } from '../../api/console-api';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { coinsChart } from './chart-data';
import { CsvButton } from './CsvButton';
import { ReportChart, ReportSection } from './ReportChart';
import { RangeNote, ReportsHead, useReportRange } from './ReportsHead';
import { ReportTotals } from './ReportTotals';
import './reports.css';

const groupLabel = (group: CoinReportGroup) => t(`reports.coins.group.${group}`);

/** Coins issued by kind, spent, expired and taken back: what rewards cost, from the ledger. */
export default function CoinsPage() {
  const range = useReportRange();
  const report = useConsoleQuery(consoleCoinsReport, { query: range });
  return (
    <>
      <ReportsHead title={t('reports.coins.title')} intro={t('reports.coins.intro')} />
      <QueryView query={report}>{(data) => <CoinsView report={data} />}</QueryView>
    </>
  );
}

function CoinsView({ report }: { report: CoinsReport }) {
  const csv = (table: 'days' | 'kinds', title: string) => (
    <CsvButton
      table={title}
      load={() => consoleCall(consoleCoinsCsv, { query: { from: report.range.from, to: report.range.to, table } })}
    />
  );
  const chart = useMemo(() => coinsChart(report, groupLabel), [report]);
  const kind = createColumnHelper<CoinsReport['kinds'][number]>();
  return (
    <>
      <RangeNote range={report.range} />
      <ReportTotals
        items={COIN_REPORT_GROUPS.map((group) => ({ label: groupLabel(group), value: report.totals[group] }))}
      />
      <ReportChart title={t('reports.coins.chart')} data={chart} csv={csv('days', t('reports.coins.byDay'))} />
      <ReportSection title={t('reports.coins.byKind')} csv={csv('kinds', t('reports.coins.byKind'))}>
        <DataTable
          data={report.kinds}
          columns={[
            kind.accessor('kind', {
              header: () => t('reports.coins.kind'),
              cell: ({ getValue }) => <code>{getValue()}</code>,
            }),
            kind.display({
              id: 'group',
              header: () => t('reports.coins.group'),
              cell: ({ row }) => groupLabel(row.original.group),
            }),
            kind.accessor('entries', { header: () => t('reports.coins.entries') }),
            kind.accessor('coins', { header: () => t('reports.coins.coins') }),
          ]}
          getRowId={(row) => row.kind}
          caption={t('reports.coins.byKind')}
          empty={t('reports.empty')}
        />
      </ReportSection>
    </>
  );
}
