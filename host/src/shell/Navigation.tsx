import { Link, useLocation } from 'react-router-dom';
import { paths } from '@portal/shared/paths';
import { selectEmployments, useAccountStore } from '@portal/shared/stores/account';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { useDocumentTypes } from '../session/use-document-types';
import { companyLink, isCurrentItem, navItemsFor } from './nav-items';

/** The same items in the desktop sidebar and the mobile drawer. */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const flags = useDocumentTypes();
  const employmentCount = useAccountStore((state) => selectEmployments(state).length);
  const signOut = useHostActions((state) => state.signOut);
  const { pathname } = useLocation();
  const company = companyLink(employmentCount);
  const current = (to: string) => (isCurrentItem(to, pathname) ? ('page' as const) : undefined);

  return (
    <nav className="host-nav" aria-label="Main">
      <ul className="host-nav__list">
        {navItemsFor(flags).map((item) => (
          <li key={item.to}>
            <Link to={item.to} onClick={onNavigate} aria-current={current(item.to)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      <ul className="host-nav__list host-nav__list--bottom">
        <li>
          <Link to={company.to} onClick={onNavigate} aria-current={current(company.to)}>
            {company.label}
          </Link>
        </li>
        <li>
          <Link to={paths.settings.path} onClick={onNavigate} aria-current={current(paths.settings.path)}>
            Settings
          </Link>
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
