import { Link, NavLink, useLocation } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { selectEmployments, useAccountStore } from '@portal/shared/stores/account';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { useDocumentTypes } from '../session/use-document-types';
import { companyLink, navItemsFor } from './nav-items';

function isHome(pathname: string): boolean {
  return pathname === paths.home.path || pathname === paths.homeAlias.path;
}

/** The same items in the desktop sidebar and the mobile drawer. */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const flags = useDocumentTypes();
  const employmentCount = useAccountStore((state) => selectEmployments(state).length);
  const signOut = useHostActions((state) => state.signOut);
  const { pathname } = useLocation();
  const company = companyLink(employmentCount);

  return (
    <nav className="host-nav" aria-label="Main">
      <ul className="host-nav__list">
        {navItemsFor(flags).map((item) => (
          <li key={item.to}>
            {item.to === paths.home.path ? (
              // Home is current on /home as well as on /.
              <Link to={item.to} onClick={onNavigate} aria-current={isHome(pathname) ? 'page' : undefined}>
                {item.label}
              </Link>
            ) : (
              <NavLink to={item.to} onClick={onNavigate}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
      <ul className="host-nav__list host-nav__list--bottom">
        <li>
          <NavLink to={company.to} onClick={onNavigate}>
            {company.label}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.settings.path} onClick={onNavigate}>
            Settings
          </NavLink>
        </li>
        <li>
          <button type="button" className="host-nav__button" onClick={signOut}>
            Sign out
          </button>
        </li>
      </ul>
    </nav>
  );
}
