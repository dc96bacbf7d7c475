// The footer of every page, signed in and out, and of the landing page in index.html: plain links
// (full page loads there), so it renders the same with or without the router.
import { paths } from '@portal/shared/paths';
import { frame } from '../messages';

export function SiteFooter() {
  return (
    <footer className="host-footer">
      <a href={paths.accessibility.path}>{frame.t('accessibilityStatement')}</a>
      <a href={paths.privacy.path}>{frame.t('privacy')}</a>
    </footer>
  );
}
