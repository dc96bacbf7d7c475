import { findEmployment, selectEmployments, useAccountStore } from '@portal/shared/stores/account';
import { useSessionStore } from '@portal/shared/stores/session';
import { HelpLink } from '../support/HelpLink';

export function TopBar({ menuOpen, onOpenMenu }: { menuOpen: boolean; onOpenMenu: () => void }) {
  const employmentId = useSessionStore((state) => state.employmentId);
  const employment = useAccountStore((state) => findEmployment(selectEmployments(state), employmentId));
  return (
    <header className="host-topbar">
      <button type="button" className="ui-button host-topbar__menu" aria-expanded={menuOpen} aria-controls="host-drawer" onClick={onOpenMenu}>
        Menu
      </button>
      <span className="host-brand">Pay portal</span>
      {employment && <span className="host-topbar__company">{employment.name}</span>}
      <HelpLink />
    </header>
  );
}
