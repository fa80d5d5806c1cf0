import type { ReactNode } from 'react';

/** A dashboard's headline figures, each a label over its value. */
export function ReportTotals({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="report-totals">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
