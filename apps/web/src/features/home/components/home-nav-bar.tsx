import { LogoMark } from '../../../components/ui/icons';
import { NavBar } from '../../../components/ui/nav-bar';
import { useProductName } from '../../../lib/app-config/get-app-config';
import { useViewport } from '../../../lib/viewport';
import { ForYouEntry } from './for-you-entry';
import './home-nav-bar.css';

/**
 * Home's custom bar: the product mark and name. Where the sidebar shows (it carries the mark), the
 * bar keeps only the name, so the mark is on screen once.
 */
export function HomeNavBar() {
  const name = useProductName();
  const { hasSidebar } = useViewport();
  return (
    <NavBar kind="custom" className="home-bar">
      <div className="home-bar__brand">
        {!hasSidebar && <LogoMark size={30} />}
        <h1 className="home-bar__name" data-role="nav-title">
          {name}
        </h1>
      </div>
      <ForYouEntry />
    </NavBar>
  );
}
