import { useTranslation } from '../../lib/use-translation';
import type { TabKey } from '../../lib/tab-bar';
import { TabItemLinks } from './tab-item-link';
import './tab-bar.css';

/** The bottom tab bar, shown on the tab pages below 768px (docs/product.md#tab-bar). */
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
