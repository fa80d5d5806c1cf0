import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon, GiftIcon, HomeIcon, ListIcon, UserIcon, type IconProps } from '../../components/ui/icons';
import { showsDownloadTab, TAB_ITEMS, tabBarStore, type TabItem, type TabKey } from '../../lib/tab-bar';
import { useStore } from '../../lib/use-store';
import './tab-item-link.css';

const TAB_ICONS: Record<TabKey, ComponentType<IconProps>> = {
  home: HomeIcon,
  list: ListIcon,
  rewards: GiftIcon,
  me: UserIcon,
  download: DownloadIcon,
};

interface TabItemLinkProps {
  item: TabItem;
  selected: boolean;
  /** A page's own label (tab-bar API), else the translated one. */
  text: string | null;
  badge: string | null;
  className: string;
}

/** One item of the tab bar or the sidebar: icon, label and badge. */
function TabItemLink({ item, selected, text, badge, className }: TabItemLinkProps) {
  const { t } = useTranslation();
  const Icon = TAB_ICONS[item.key];
  return (
    <Link
      to={item.path}
      className={selected ? `${className} is-selected` : className}
      data-testid={`tab-item-${item.key}`}
      aria-current={selected ? 'page' : undefined}
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
        {text ?? t(item.labelKey)}
      </span>
    </Link>
  );
}

/** The items of the tab bar or the sidebar (the same list, each bar its own item class). */
export function TabItemLinks({
  selected,
  isMobile,
  className,
}: {
  selected: TabKey | undefined;
  isMobile: boolean;
  className: string;
}) {
  const { badges, texts } = useStore(tabBarStore);
  return TAB_ITEMS.map((item, index) =>
    item.key === 'download' && !showsDownloadTab(isMobile) ? null : (
      <TabItemLink
        key={item.key}
        item={item}
        selected={item.key === selected}
        text={texts[index] ?? null}
        badge={badges[index] ?? null}
        className={className}
      />
    ),
  );
}
