// The navigation drawer for small screens: a modal dialog that traps focus, closes on Escape and
// gives focus back to the button that opened it.
import { useEffect, useRef, type ReactNode } from 'react';
import { frame } from '../messages';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MobileDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>(FOCUSABLE)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="host-drawer">
      <div className="host-drawer__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="host-drawer__panel" role="dialog" aria-modal="true" aria-label={frame.t('menu')} id="host-drawer" ref={panelRef}>
        <button type="button" className="ui-button host-drawer__close" onClick={onClose}>
          {frame.t('closeMenu')}
        </button>
        {children}
      </div>
    </div>
  );
}
