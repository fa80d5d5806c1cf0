import { createColumnHelper } from '@tanstack/react-table';
import {
  consoleDramasCsv,
  consoleDramasReport,
  type DramaReportRow,
  type DramasReport,
} from '@cliffhanger/contract/console';
import { Link } from 'react-router';
import { consoleCall } from '../../api/console-api';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { CsvButton } from './CsvButton';
import { ReportSection } from './ReportChart';
import { RangeNote, ReportsHead, useReportRange } from './ReportsHead';
import { searchOfRange } from './report-range';
import './reports.css';

/** The most played dramas of the range, each linking to its own numbers. */
export default function DramasPage() {
  const range = useReportRange();
  const report = useConsoleQuery(consoleDramasReport, { query: range });
  return (
    <>
      <ReportsHead title={t('reports.dramas.title')} intro={t('reports.dramas.intro')} />
      <QueryView query={report}>{(data) => <DramasView report={data} />}</QueryView>
    </>
  );
}

function DramasView({ report }: { report: DramasReport }) {
  const query = { from: report.range.from, to: report.range.to };
  const column = createColumnHelper<DramaReportRow>();
  return (
    <>
      <RangeNote range={report.range} freshness={report.freshness} />
      <ReportSection
        title={t('reports.dramas.table')}
        csv={<CsvButton table={t('reports.dramas.table')} load={() => consoleCall(consoleDramasCsv, { query })} />}
      >
        <DataTable
          data={report.dramas}
          columns={[
            column.accessor('title', {
              header: () => t('reports.dramas.drama'),
              cell: ({ row }) => (
                <Link to={`/reports/dramas/${row.original.drama_id}${searchOfRange(query)}`}>{row.original.title}</Link>
              ),
            }),
            column.accessor('plays', { header: () => t('reports.dramas.plays') }),
            column.accessor('coins', { header: () => t('reports.dramas.coins') }),
            column.accessor('unlocks', { header: () => t('reports.dramas.unlocks') }),
          ]}
          getRowId={(row) => String(row.drama_id)}
          caption={t('reports.dramas.table')}
          empty={t('reports.empty')}
          sortable
        />
      </ReportSection>
    </>
  );
}
