import type { ReactNode } from 'react';
import { ListView, type ListViewProps } from './list-view';
import './card-grid.css';

/**
 * ListView's rules ('No records.' when empty, load-more, no 'no more' row) for poster
 * cards laid out in a responsive grid. `loadingMore`: another page is on its way, the button shows
 * it and does not fire twice.
 */
export function CardGrid<T>({
  loadingMore,
  ...props
}: Omit<ListViewProps<T>, 'loading' | 'layout'> & { loadingMore?: boolean; testId: string }) {
  return <ListView {...props} loading={loadingMore} layout="grid" />;
}

/** The grid's shape while the first page loads: `count` placeholder cells. */
export function CardGridSkeleton({
  count,
  renderCell,
  testId,
}: {
  count: number;
  renderCell: () => ReactNode;
  testId: string;
}) {
  return (
    <ul className="ui-card-grid" aria-busy="true" data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="ui-card-grid__item">
          {renderCell()}
        </li>
      ))}
    </ul>
  );
}
