// The signed-in shell (spec section 2 "Navigation shell"): top bar, desktop sidebar, mobile
// drawer and the page. It also loads the user, and performs the account picker's selectEmployment.
import { useCallback, useEffect, useState } from 'react';
import { Outlet } from '@portal/shared/router';
import { registerHostActions } from '@portal/shared/stores/host-actions';
import { OfflineBanner } from '../offline/OfflineBanner';
import { frame } from '../messages';
import { SiteFooter } from '../support/SiteFooter';
import { switchLanguage } from '../session/account-language';
import { AccountLoadError } from '../session/AccountLoadError';
import { useSelectEmploymentAction } from '../session/select-employment';
import { useAuthorisedUser } from '../session/use-authorised-user';
import { FlashNotice } from './FlashNotice';
import { MobileDrawer } from './MobileDrawer';
import { Navigation } from './Navigation';
import { TopBar } from './TopBar';

export function Shell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { error, retry } = useAuthorisedUser();
  useSelectEmploymentAction();
  // Settings' language choice: kept on the account, as the header's switch keeps it.
  useEffect(() => registerHostActions({ switchLanguage: (language) => switchLanguage(language, { signedIn: true }) }), []);

  return (
    <div className="host-shell">
      <a className="ui-skip-link" href="#main">
        {frame.t('skipLink')}
      </a>
      <TopBar menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      <aside className="host-shell__sidebar">
        <Navigation />
      </aside>
      <MobileDrawer open={menuOpen} onClose={closeMenu}>
        <Navigation onNavigate={closeMenu} />
      </MobileDrawer>
      <main id="main" className="host-shell__main">
        <OfflineBanner />
        <AccountLoadError message={error} onRetry={retry} />
        <FlashNotice />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
