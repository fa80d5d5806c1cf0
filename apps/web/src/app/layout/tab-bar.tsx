import { useTranslation } from '../../lib/use-translation';
import type { TabKey } from '../../lib/tab-bar';
import { TabItemLinks } from './tab-item-link';
import './tab-bar.css';

/** Spec §2: the bottom tab bar, shown on the tab pages below 768px. */
export function TabBar({ selected, isMobile }: { selected: TabKey | undefined; isMobile: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="tab-bar-dock">
      <nav className="tab-bar" data-testid="tab-bar" aria-label={t('common.mainNavigation')}>
        <TabItemLinks selected={selected} isMobile={isMobile} className="tab-item" />
      </nav>
    </div>
  );
}
