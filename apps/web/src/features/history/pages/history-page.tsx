import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListView } from '../../../components/ui/list-view';
import { LoadError } from '../../../components/ui/load-error';
import { LoginRequired } from '../../../components/ui/login-required';
import { pageItems } from '../../../lib/page-items';
import { useSession } from '../../../lib/session';
import { useHistory } from '../api/list-history';
import { useRemoveHistory } from '../api/remove-history';
import { HistoryRow } from '../components/history-row';
import './history-page.css';

/** This page has no pull-down refresh and no bounce (docs/product.md#other-routes). */
function useNoOverscroll(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'none';
    return () => {
      root.style.overscrollBehaviorY = previous;
    };
  }, []);
}

/** Watch history (dark bar): newest first, 20 at a time, continue, remove, clear all. */
export function HistoryPage() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const history = useHistory({ enabled: signedIn });
  const remove = useRemoveHistory();
  const [confirmClear, setConfirmClear] = useState(false);
  useNoOverscroll();
  // A visitor's history is not kept (docs/product.md#roles); sign in, then come back here.
  if (!signedIn) {
    return (
      <div className="page-body">
        <LoginRequired />
      </div>
    );
  }
  if (history.isError && !history.data) {
    return (
      <div className="page-body">
        <LoadError error={history.error} onRetry={() => void history.refetch()} testId="history-error" />
      </div>
    );
  }
  const items = pageItems(history.data?.pages);
  return (
    <div className="page-body">
      <div className="history-toolbar">
        <p className="page-intro">{t('history.intro')}</p>
        {items.length > 0 && (
          <Button variant="ghost" small onClick={() => setConfirmClear(true)} data-testid="history-clear">
            {t('history.clearAll')}
          </Button>
        )}
      </div>
      <ListView
        items={items}
        itemKey={(item) => item.id}
        renderItem={(item) => <HistoryRow item={item} onRemove={(dramaId) => remove.mutate({ dramaId })} />}
        hasMore={history.hasNextPage && !history.isFetchNextPageError}
        onLoadMore={() => void history.fetchNextPage()}
        loading={history.isPending || history.isFetchingNextPage}
        label={t('titles.history')}
        testId="history-list"
      />
      {history.isFetchNextPageError && (
        <LoadError error={history.error} onRetry={() => void history.fetchNextPage()} testId="history-more-error" />
      )}
      <ConfirmDialog
        open={confirmClear}
        title={t('history.clearTitle')}
        message={t('history.clearMessage')}
        confirmLabel={t('history.clearConfirm')}
        destructive
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          remove.mutate('all');
        }}
        testId="history-clear-dialog"
      />
    </div>
  );
}
