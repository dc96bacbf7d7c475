// The frame of the signed-in, sign-up-not-complete state: loads the user, then applies spec
// section 4 "After loading the authenticated user".
import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { portalPages } from '../app/compose-pages';
import { sessionPageRoles } from '../app/routes';
import { frame } from '../messages';
import { HelpLink } from '../support/HelpLink';
import { LanguageSwitch } from '../support/LanguageSwitch';
import { SiteFooter } from '../support/SiteFooter';
import { AccountLoadError } from './AccountLoadError';
import { decideAfterLoad, servedByOwnRemotePage } from './after-load';
import { completeSignUp, useSelectEmploymentAction } from './select-employment';
import { tokenSearch } from './token-param';
import { useAuthorisedUser } from './use-authorised-user';

export function SignUpLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  // The decision needs the address at the time the user arrives, not when the effect started.
  const locationRef = useRef(location);
  useLayoutEffect(() => {
    locationRef.current = location;
  });

  useSelectEmploymentAction();
  const { error, retry } = useAuthorisedUser(async (user) => {
    const { pathname, search } = locationRef.current;
    const { routes, menu } = portalPages(getRuntimeConfig(), sessionPageRoles());
    const decision = decideAfterLoad(user, pathname, servedByOwnRemotePage(pathname, routes.signUpIncomplete));
    if (decision.kind === 'go-to-setup') {
      // An account with no employment that holds a role (an employer admin) starts on its role's
      // pages, unless it came by an employee's invitation link; it can still set up from there.
      const rolePage = tokenSearch(search) ? undefined : menu.find((item) => item.role)?.to;
      await navigate({ pathname: rolePage ?? paths.setup.path, search: tokenSearch(search) }, { replace: true });
    } else if (decision.kind === 'auto-select') {
      await completeSignUp(navigate, decision.employmentId, { search, replace: true });
    }
  });

  return (
    <div className="host-frame">
      <a className="ui-skip-link" href="#main">
        {frame.t('skipLink')}
      </a>
      <header className="host-frame__header">
        <span className="host-brand">{frame.t('brand')}</span>
        <HelpLink />
        <LanguageSwitch signedIn />
      </header>
      <main id="main" className="host-frame__main">
        <AccountLoadError message={error} onRetry={retry} />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
