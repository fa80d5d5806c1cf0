import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import './card-grid.css';

export interface CardGridProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T, index: number) => Key;
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** Another page is on its way: the button shows it and does not fire twice. */
  loadingMore?: boolean;
  emptyText?: string;
  label?: string;
  testId: string;
}

/**
 * ListView's rules (spec §2: 'No records.' when empty, load-more, no 'no more' row) for poster
 * cards laid out in a responsive grid.
 */
export function CardGrid<T>({
  items,
  renderItem,
  itemKey,
  hasMore = false,
  onLoadMore,
  loadingMore = false,
  emptyText,
  label,
  testId,
}: CardGridProps<T>) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <div data-testid={testId}>
        <EmptyState text={emptyText ?? t('common.noRecords')} />
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <ul className="ui-card-grid" aria-label={label} aria-busy={loadingMore}>
        {items.map((item, index) => (
          <li key={itemKey(item, index)} className="ui-card-grid__item">
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      {hasMore && onLoadMore && (
        <div className="ui-card-grid__more">
          <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore} data-testid={`${testId}-load-more`}>
            {loadingMore ? t('common.loading') : t('common.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The grid's shape while the first page loads: `count` placeholder cells. */
export function CardGridSkeleton({ count, renderCell, testId }: { count: number; renderCell: () => ReactNode; testId: string }) {
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
