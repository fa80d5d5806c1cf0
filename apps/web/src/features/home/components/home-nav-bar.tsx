import { LogoMark } from '../../../components/ui/icons';
import { NavBar } from '../../../components/ui/nav-bar';
import { useProductName } from '../../../lib/app-config/get-app-config';
import './home-nav-bar.css';

/** Home's custom bar: the product mark and name. */
export function HomeNavBar() {
  const name = useProductName();
  return (
    <NavBar kind="custom" className="home-bar">
      <div className="home-bar__brand">
        <LogoMark size={30} />
        <h1 className="home-bar__name" data-role="nav-title">
          {name}
        </h1>
      </div>
    </NavBar>
  );
}
