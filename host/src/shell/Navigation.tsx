import { Link, useLocation } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { selectAccountKnown, selectEmployments, useAccountStore } from '@portal/shared/stores/account';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { useSessionStore } from '@portal/shared/stores/session';
import { heldPageRoles } from '@portal/shared/pages';
import { portalPages } from '../app/compose-pages';
import { frame } from '../messages';
import { useDocumentTypes } from '../session/use-document-types';
import { companyLink, isCurrentItem, navItemsFor } from './nav-items';

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
  const roles = useSessionStore((state) => state.userInfo?.roles);
  const { menu, menuPathOf } = portalPages(getRuntimeConfig(), heldPageRoles(roles));
  const current = (to: string) => (isCurrentItem(to, pathname, menuPathOf) ? ('page' as const) : undefined);

  return (
    // Busy until the account is known: an item is still to come.
    <nav className="host-nav" aria-label={frame.t('mainNavigation')} aria-busy={!accountKnown}>
      <ul className="host-nav__list">
        {navItemsFor(flags, menu).map((item) => (
          <li key={item.to}>
            <Link to={item.to} onClick={onNavigate} aria-current={current(item.to)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      <ul className="host-nav__list host-nav__list--bottom">
        {accountKnown ? (
          <li>
            <Link to={company.to} onClick={onNavigate} aria-current={current(company.to)}>
              {company.label}
            </Link>
          </li>
        ) : (
          <ItemPlaceholder />
        )}
        <li>
          <Link to={paths.settings.path} onClick={onNavigate} aria-current={current(paths.settings.path)}>
            {frame.t('settings')}
          </Link>
        </li>
        <li>
          <button type="button" className="host-nav__button" onClick={signOut}>
            {frame.t('signOut')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
