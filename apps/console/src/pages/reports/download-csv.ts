import type { ReportCsv } from '@cliffhanger/contract/console';

/** Hands a CSV export to the browser's download under its own file name. */
export function downloadCsv(csv: ReportCsv): void {
  // A byte-order mark first, so spreadsheets read the file as UTF-8 (titles in Chinese, Turkish).
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv.content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csv.filename;
  link.click();
  // The click has handed the file to the browser; the URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url));
}
