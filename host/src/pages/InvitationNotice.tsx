// On an invitation link (/?token=…) the landing page says it is an invitation and from which
// employer, or that the link no longer works. Its first render waits for the look-up
// (invitation-lookup.ts, at most 1.5 s; React keeps the built page on screen meanwhile), so the
// panel is there when the page is drawn. Without a token, or with the e-mail channel's '0', nothing.
import { use, useId, useState } from 'react';
import { STORAGE_KEYS } from '@portal/shared/constants';
import { formatLongDate } from '@portal/shared/format';
import { TOKEN_PARAM } from '../session/token-param';
import { invitationLookup } from './invitation-lookup';
import './invitation.css';

/** The invitation token of this visit: the address's, else the one kept from an earlier load. */
function invitationToken(): string | null {
  const token = new URLSearchParams(window.location.search).get(TOKEN_PARAM) ?? localStorage.getItem(STORAGE_KEYS.token);
  return token && token !== '0' ? token : null;
}

export function InvitationNotice() {
  const [token] = useState(invitationToken);
  const titleId = useId();
  const lookup = token ? use(invitationLookup(token)) : null;

  if (!lookup) return null;
  if (lookup.state === 'not-live') {
    return (
      <section className="host-landing__invitation" aria-labelledby={titleId}>
        <h2 id={titleId}>This invitation link no longer works</h2>
        <p>It has been used, withdrawn or has expired. Ask your employer to send you a new one, or sign in if you have linked your account already.</p>
      </section>
    );
  }
  const { employerName, expiresOn } = lookup.invitation;
  return (
    <section className="host-landing__invitation" aria-labelledby={titleId}>
      <h2 id={titleId}>An invitation from {employerName}</h2>
      <p>
        {employerName} has invited you to see your payslips and year-end forms here. Create an account or sign in, then link it to {employerName} with the
        6-digit linking code we will text to the mobile number they have for you. The invitation works until {formatLongDate(expiresOn)}.
      </p>
    </section>
  );
}
