import type { ReportCsv } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { t } from '../../i18n/messages';
import { downloadCsv } from './download-csv';

/** A table's "Download CSV": asks the server for the table as CSV, then saves it. */
export function CsvButton({ table, load }: { table: string; load: () => Promise<ReportCsv> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      downloadCsv(await load());
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-label={t('reports.csvLabel', { table })}
        onClick={() => void download()}
      >
        {t('reports.csv')}
      </button>
      {error !== null && <ErrorNotice error={error} />}
    </>
  );
}
