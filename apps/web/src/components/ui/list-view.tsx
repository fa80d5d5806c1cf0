import type { Key, ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Button } from './button';
import { EmptyState } from './empty-state';
import './list-view.css';

export interface ListViewProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T, index: number) => Key;
  /** True while another page may be fetched: shows the load-more button. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  loading?: boolean;
  /** Defaults to the product's 'No records.'. */
  emptyText?: string;
  label?: string;
  testId?: string;
  /** Rows, or poster cards in a responsive grid (CardGrid). */
  layout?: 'list' | 'grid';
}

const CLASSES = {
  list: { root: 'ui-list', items: 'ui-list__items', item: 'ui-list__item', more: 'ui-list__more' },
  grid: { root: undefined, items: 'ui-card-grid', item: 'ui-card-grid__item', more: 'ui-card-grid__more' },
};

/**
 * A list with load-more pagination (docs/product.md#screen-contents): empty text 'No records.' and
 * no 'no more' row; when there is no next page the button simply goes away.
 */
export function ListView<T>({
  items,
  renderItem,
  itemKey,
  hasMore = false,
  onLoadMore,
  loading = false,
  emptyText,
  label,
  testId = 'list-view',
  layout = 'list',
}: ListViewProps<T>) {
  const { t } = useTranslation();
  const classes = CLASSES[layout];
  if (items.length === 0) {
    return loading ? (
      <div className="ui-list__loading" data-testid={testId} aria-busy="true">
        {t('common.loading')}
      </div>
    ) : (
      <div data-testid={testId}>
        <EmptyState text={emptyText ?? t('common.noRecords')} />
      </div>
    );
  }
  return (
    <div className={classes.root} data-testid={testId}>
      <ul className={classes.items} aria-label={label} aria-busy={loading}>
        {items.map((item, index) => (
          <li key={itemKey(item, index)} className={classes.item}>
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      {hasMore && onLoadMore && (
        <div className={classes.more}>
          <Button variant="secondary" onClick={onLoadMore} disabled={loading} data-testid={`${testId}-load-more`}>
            {loading ? t('common.loading') : t('common.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
