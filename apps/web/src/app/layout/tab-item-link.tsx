import type { ComponentType } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { DownloadIcon, GiftIcon, HomeIcon, ListIcon, UserIcon, type IconProps } from '../../components/ui/icons';
import { showsDownloadTab, TAB_ITEMS, tabBarStore, type TabKey } from '../../lib/tab-bar';
import { useStore } from '../../lib/use-store';
import './tab-item-link.css';

const TAB_ICONS: Record<TabKey, ComponentType<IconProps>> = {
  home: HomeIcon,
  list: ListIcon,
  rewards: GiftIcon,
  me: UserIcon,
  download: DownloadIcon,
};

/** The items of the tab bar or the sidebar (the same list, each bar its own item class): icon, label and badge. */
export function TabItemLinks({
  selected,
  isMobile,
  className,
}: {
  selected: TabKey | undefined;
  isMobile: boolean;
  className: string;
}) {
  const { t } = useTranslation();
  const { badges, texts } = useStore(tabBarStore);
  return TAB_ITEMS.map((item, index) => {
    if (item.key === 'download' && !showsDownloadTab(isMobile)) return null;
    const Icon = TAB_ICONS[item.key];
    const badge = badges[index] ?? null;
    return (
      <Link
        key={item.key}
        to={item.path}
        className={item.key === selected ? `${className} is-selected` : className}
        data-testid={`tab-item-${item.key}`}
        aria-current={item.key === selected ? 'page' : undefined}
      >
        <span className="tab-item__icon">
          <Icon size={24} />
          {badge !== null && (
            <span className="tab-item__badge" data-testid={`tab-badge-${item.key}`}>
              {badge}
            </span>
          )}
        </span>
        <span className="tab-item__label" data-role="tab-label">
          {/* A page's own label (tab-bar API), else the translated one. */}
          {texts[index] ?? t(item.labelKey)}
        </span>
      </Link>
    );
  });
}
