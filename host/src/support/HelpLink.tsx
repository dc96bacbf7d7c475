// The way to help from every signed-in screen: the set-up frame's header and the
// shell's top bar both carry it, so Support, the FAQs and Contact details are never only an address.
import { Link, useLocation } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { frame } from '../messages';
import { isCurrentItem } from '../shell/nav-items';

export function HelpLink() {
  const { pathname } = useLocation();
  return (
    <Link to={paths.support.getHref()} className="host-help-link" aria-current={isCurrentItem(paths.support.path, pathname) ? 'page' : undefined}>
      {frame.t('help')}
    </Link>
  );
}
