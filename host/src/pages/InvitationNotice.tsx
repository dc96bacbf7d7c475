// On an invitation link (/?token=…) the landing page says it is an invitation and from which
// employer, as the API tells it (GET /api/invitations/{token}, no sign-in), or that the link no
// longer works. Without a token, or with the e-mail channel's '0', it shows nothing.
import { useEffect, useId, useState } from 'react';
import { apiGet, getApiErrorFacts, isSilentFailure } from '@portal/shared/api/client';
import { STORAGE_KEYS } from '@portal/shared/constants';
import { formatLongDate } from '@portal/shared/format';
import type { Invitation } from '@portal/shared/api/types';
import { TOKEN_PARAM } from '../session/token-param';
import './invitation.css';

type Lookup = { state: 'live'; invitation: Invitation } | { state: 'not-live' } | null;

/** The invitation token of this visit: the address's, else the one kept from an earlier load. */
function invitationToken(): string | null {
  const token = new URLSearchParams(window.location.search).get(TOKEN_PARAM) ?? localStorage.getItem(STORAGE_KEYS.token);
  return token && token !== '0' ? token : null;
}

export function InvitationNotice() {
  const [token] = useState(invitationToken);
  const [lookup, setLookup] = useState<Lookup>(null);
  const titleId = useId();

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    apiGet<Invitation>(`/api/invitations/${encodeURIComponent(token)}`, { signal: controller.signal }).then(
      ({ data }) => setLookup({ state: 'live', invitation: data }),
      (failure: unknown) => {
        // Only a token the API does not know as live is worth a word; a network failure or a busy
        // API leaves the ordinary landing page.
        if (!isSilentFailure(failure) && getApiErrorFacts(failure).code === 'linking.invitation_not_live') setLookup({ state: 'not-live' });
      },
    );
    return () => controller.abort();
  }, [token]);

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
        6-digit code we will text to the mobile number they have for you. The invitation works until {formatLongDate(expiresOn)}.
      </p>
    </section>
  );
}
