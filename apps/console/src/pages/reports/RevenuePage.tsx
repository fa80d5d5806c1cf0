import { createColumnHelper } from '@tanstack/react-table';
import { consoleRevenueCsv, consoleRevenueReport, type RevenueReport } from '@cliffhanger/contract/console';
import { useMemo } from 'react';
import { consoleCall } from '../../api/console-api';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { revenueChart } from './chart-data';
import { CsvButton } from './CsvButton';
import { ReportChart, ReportSection } from './ReportChart';
import { RangeNote, ReportsHead, useReportRange } from './ReportsHead';
import { ReportTotals } from './ReportTotals';
import './reports.css';

type Money = { sales: number; gross_cents: number; refunds_cents: number; net_cents: number };

/** The money columns every revenue table shares, after its own first ones. */
function moneyColumns<T extends Money>(currency: string) {
  const column = createColumnHelper<T>();
  const money = (cents: number) => t('reports.money', { amount: (cents / 100).toFixed(2), currency });
  return [
    column.display({ id: 'sales', header: () => t('reports.revenue.sales'), cell: ({ row }) => row.original.sales }),
    column.display({
      id: 'gross',
      header: () => t('reports.revenue.gross'),
      cell: ({ row }) => money(row.original.gross_cents),
    }),
    column.display({
      id: 'refunds',
      header: () => t('reports.revenue.refunds'),
      cell: ({ row }) => money(row.original.refunds_cents),
    }),
    column.display({
      id: 'net',
      header: () => t('reports.revenue.net'),
      cell: ({ row }) => money(row.original.net_cents),
    }),
  ];
}

/** Revenue, refunds and net by day, product and channel; paying viewers and ARPPU. */
export default function RevenuePage() {
  const range = useReportRange();
  const report = useConsoleQuery(consoleRevenueReport, { query: range });
  return (
    <>
      <ReportsHead title={t('reports.revenue.title')} intro={t('reports.revenue.intro')} />
      <QueryView query={report}>{(data) => <RevenueView report={data} />}</QueryView>
    </>
  );
}

function RevenueView({ report }: { report: RevenueReport }) {
  const chart = useMemo(
    () =>
      revenueChart(report, {
        gross: t('reports.revenue.gross'),
        refunds: t('reports.revenue.refunds'),
        net: t('reports.revenue.net'),
      }),
    [report],
  );
  const query = { from: report.range.from, to: report.range.to };
  const csv = (table: 'days' | 'products' | 'channels', title: string) => (
    <CsvButton table={title} load={() => consoleCall(consoleRevenueCsv, { query: { ...query, table } })} />
  );
  const c = report.currency;
  const money = (cents: number) => t('reports.money', { amount: (cents / 100).toFixed(2), currency: c });
  const day = createColumnHelper<RevenueReport['days'][number]>();
  const product = createColumnHelper<RevenueReport['products'][number]>();
  const channel = createColumnHelper<RevenueReport['channels'][number]>();
  return (
    <>
      <RangeNote range={report.range} />
      <ReportTotals
        items={[
          { label: t('reports.revenue.gross'), value: money(report.totals.gross_cents) },
          { label: t('reports.revenue.refunds'), value: money(report.totals.refunds_cents) },
          { label: t('reports.revenue.net'), value: money(report.totals.net_cents) },
          { label: t('reports.revenue.payers'), value: report.totals.paying_viewers },
          { label: t('reports.revenue.arppu'), value: money(report.totals.arppu_cents) },
        ]}
      />
      <ReportChart
        title={t('reports.revenue.chart', { currency: c })}
        data={chart}
        csv={csv('days', t('reports.revenue.byDay'))}
      />
      <ReportSection title={t('reports.revenue.byProduct')} csv={csv('products', t('reports.revenue.byProduct'))}>
        <DataTable
          data={report.products}
          columns={[
            product.accessor('product_id', { header: () => t('reports.revenue.product') }),
            ...moneyColumns<RevenueReport['products'][number]>(c),
          ]}
          getRowId={(row) => row.product_id}
          caption={t('reports.revenue.byProduct')}
          empty={t('reports.empty')}
        />
      </ReportSection>
      <ReportSection title={t('reports.revenue.byChannel')} csv={csv('channels', t('reports.revenue.byChannel'))}>
        <DataTable
          data={report.channels}
          columns={[
            channel.accessor('channel', { header: () => t('reports.revenue.channel') }),
            ...moneyColumns<RevenueReport['channels'][number]>(c),
          ]}
          getRowId={(row) => row.channel}
          caption={t('reports.revenue.byChannel')}
          empty={t('reports.empty')}
        />
      </ReportSection>
      <ReportSection title={t('reports.revenue.byDay')} csv={null}>
        <DataTable
          data={report.days}
          columns={[
            day.accessor('day', { header: () => t('reports.range.legend') }),
            ...moneyColumns<RevenueReport['days'][number]>(c),
            day.accessor('paying_viewers', { header: () => t('reports.revenue.payers') }),
          ]}
          getRowId={(row) => row.day}
          caption={t('reports.revenue.byDay')}
          empty={t('reports.empty')}
        />
      </ReportSection>
    </>
  );
}
