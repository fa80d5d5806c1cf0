import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/icons';
import { useProductName } from '../../lib/app-config/get-app-config';
import { PATHS } from '../../lib/paths';
import type { TabKey } from '../../lib/tab-bar';
import { TabItemLinks } from './tab-item-link';
import './sidebar.css';

/**
 * The left sidebar from 768px, taking the tab bar's place on every page but video
 * (docs/product.md#layout-and-breakpoints).
 */
export function Sidebar({
  selected,
  isMobile,
  width,
}: {
  selected: TabKey | undefined;
  isMobile: boolean;
  width: number;
}) {
  const { t } = useTranslation();
  const name = useProductName();
  const wide = width >= 240;
  return (
    <nav
      className={wide ? 'sidebar sidebar--wide' : 'sidebar'}
      style={{ width }}
      data-testid="sidebar"
      aria-label={t('common.mainNavigation')}
    >
      <div className="sidebar__status" />
      <Link to={PATHS.home} className="sidebar__brand" aria-label={name}>
        <LogoMark size={wide ? 32 : 36} />
        {wide && <span className="sidebar__name">{name}</span>}
      </Link>
      <div className="sidebar__items">
        <TabItemLinks selected={selected} isMobile={isMobile} className="sidebar-item" />
      </div>
    </nav>
  );
}
