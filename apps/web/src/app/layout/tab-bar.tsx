import { useTranslation } from 'react-i18next';
import { showsDownloadTab, TAB_ITEMS, useTabBarState, type TabKey } from '../../lib/tab-bar';
import { TabItemLink } from './tab-item-link';
import './tab-bar.css';

/** Spec §2: the bottom tab bar, shown on the tab pages below 768px. */
export function TabBar({ selected, isMobile }: { selected: TabKey | undefined; isMobile: boolean }) {
  const { t } = useTranslation();
  const { badges, texts } = useTabBarState();
  return (
    <div className="tab-bar-dock">
      <nav className="tab-bar" data-testid="tab-bar" aria-label={t('common.mainNavigation')}>
        {TAB_ITEMS.map((item, index) =>
          item.key === 'download' && !showsDownloadTab(isMobile) ? null : (
            <TabItemLink
              key={item.key}
              item={item}
              selected={item.key === selected}
              text={texts[index] ?? null}
              badge={badges[index] ?? null}
              className="tab-item"
            />
          ),
        )}
      </nav>
    </div>
  );
}
