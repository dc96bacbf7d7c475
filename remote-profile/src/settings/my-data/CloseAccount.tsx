// "Close your account" in Settings: a short warning and a button that opens the closing screen
// (CloseAccountPanel) in its place; Cancel closes it and gives focus back to the button.
import { useId, useRef, useState } from 'react';
import { CloseAccountPanel } from './CloseAccountPanel';
import { settingsTexts } from '../messages';

export function CloseAccount() {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const cancel = () => {
    setOpen(false);
    // After the panel has gone and the button is back.
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <section className="profile-my-data__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-my-data__heading">
        {settingsTexts.t('closeHeading')}
      </h2>
      {open ? (
        <CloseAccountPanel onCancel={cancel} />
      ) : (
        <>
          <p>{settingsTexts.t('closeText')}</p>
          <button ref={opener} type="button" className="ui-button" onClick={() => setOpen(true)}>
            {settingsTexts.t('closeMyAccount')}
          </button>
        </>
      )}
    </section>
  );
}
