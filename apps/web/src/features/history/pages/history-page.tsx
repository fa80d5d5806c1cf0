import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/ui/list-view';
import { LoginRequired } from '../../../components/ui/login-required';
import { useSession } from '../../../lib/session';

/** Watch history (spec §2: dark bar, no pull-down refresh, no bounce). */
export function HistoryPage() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'none';
    return () => {
      root.style.overscrollBehaviorY = previous;
    };
  }, []);
  // Spec §6: a visitor's history is not kept; sign in, then come back here.
  if (!signedIn) {
    return (
      <div className="page-body">
        <LoginRequired />
      </div>
    );
  }
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
