import { findEmployment, selectAccountKnown, selectEmployments, useAccountStore } from '@portal/shared/stores/account';
import { useSessionStore } from '@portal/shared/stores/session';
import { frame } from '../messages';
import { HelpLink } from '../support/HelpLink';
import { LanguageSwitch } from '../support/LanguageSwitch';

export function TopBar({ menuOpen, onOpenMenu }: { menuOpen: boolean; onOpenMenu: () => void }) {
  const employmentId = useSessionStore((state) => state.employmentId);
  const employment = useAccountStore((state) => findEmployment(selectEmployments(state), employmentId));
  // A chosen employment whose name is still loading keeps its place (on a phone, a row of its own).
  const accountKnown = useAccountStore(selectAccountKnown);
  const nameToCome = !accountKnown && employmentId !== null;
  return (
    <header className="host-topbar">
      <button type="button" className="ui-button host-topbar__menu" aria-expanded={menuOpen} aria-controls="host-drawer" onClick={onOpenMenu}>
        {frame.t('menu')}
      </button>
      <span className="host-brand">{frame.t('brand')}</span>
      {employment && <span className="host-topbar__company">{employment.name}</span>}
      {!employment && nameToCome && (
        <span className="host-topbar__company" aria-hidden="true">
          {'\u00a0'}
        </span>
      )}
      <HelpLink />
      <LanguageSwitch signedIn />
    </header>
  );
}
