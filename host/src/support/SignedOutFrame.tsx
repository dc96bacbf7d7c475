// The frame of the pages a signed-out visitor reaches at their own address (help, the accessibility
// statement, privacy and cookies): the landing page's header, with Help in the same place, and the footer.
import { Link, Outlet } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { frame } from '../messages';
import { HelpLink } from './HelpLink';
import { LanguageSwitch } from './LanguageSwitch';
import { SiteFooter } from './SiteFooter';

export function SignedOutFrame() {
  return (
    <div className="host-landing">
      <header className="host-frame__header">
        <Link to={paths.landing.path} className="host-brand">
          {frame.t('brand')}
        </Link>
        <HelpLink />
        <LanguageSwitch />
      </header>
      <main id="main" className="host-frame__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
