import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/ui/list-view';

/** Watch history (spec §2: dark bar, no pull-down refresh, no bounce). */
export function HistoryPage() {
  const { t } = useTranslation();
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'none';
    return () => {
      root.style.overscrollBehaviorY = previous;
    };
  }, []);
  return (
    <div className="page-body">
      <p className="page-intro">{t('history.intro')}</p>
      <ListView
        items={[] as const}
        itemKey={(_, index) => index}
        renderItem={() => null}
        label={t('titles.history')}
        testId="history-list"
      />
    </div>
  );
}
