import { Link, NavLink, useLocation } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { selectAccountKnown, selectEmployments, useAccountStore } from '@portal/shared/stores/account';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { useDocumentTypes } from '../session/use-document-types';
import { companyLink, navItemsFor } from './nav-items';

function isHome(pathname: string): boolean {
  return pathname === paths.home.path || pathname === paths.homeAlias.path;
}

/**
 * The company item's place while the account loads: the same height as an item, empty and hidden,
 * so no guess ('Add company' before the employments are known) shows and nothing moves after.
 */
function ItemPlaceholder() {
  return (
    <li className="host-nav__placeholder" aria-hidden="true">
      {'\u00a0'}
    </li>
  );
}

/** The same items in the desktop sidebar and the mobile drawer. */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const flags = useDocumentTypes();
  const accountKnown = useAccountStore(selectAccountKnown);
  const employmentCount = useAccountStore((state) => selectEmployments(state).length);
  const signOut = useHostActions((state) => state.signOut);
  const { pathname } = useLocation();
  const company = companyLink(employmentCount);

  return (
    // Busy until the account is known: an item is still to come.
    <nav className="host-nav" aria-label="Main" aria-busy={!accountKnown}>
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
        {accountKnown ? (
          <li>
            <NavLink to={company.to} onClick={onNavigate}>
              {company.label}
            </NavLink>
          </li>
        ) : (
          <ItemPlaceholder />
        )}
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
