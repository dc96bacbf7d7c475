// Sending (and resending) the linking code: one request at a time, the 30-second lockout after each
// send (or the server's Retry-After on a 429), the 'Code sent' notice and plain error messages.
// A page that comes back (a reload) restores the same state from what the server knows.
import { useCallback, useState } from 'react';
import { getApiErrorFacts, isSilentFailure } from '@portal/shared/api/client';
import type { LinkingCodeRequest } from '@portal/shared/api/types';
import { sendCodeNotice } from '@portal/shared/api/user-message';
import type { UserNotice } from '@portal/shared/api/user-message';
import { RESEND_LOCKOUT_SECONDS } from '@portal/shared/constants';
import { getSession } from '@portal/shared/contract';
import { usePageMutation } from '../common/use-page-mutation';
import { requestCodeByEmail, requestCodeByPhone } from './api';
import type { LinkingChannel } from './linking-channel';
import { useCountdown } from './use-countdown';

/** A code asked for before this page opened, as the server knows it. */
export type RestoredCode = { channel: 'email' | 'sms' | null; expiresInSeconds: number | null };

/** A message about sending: an error, or (asked again too soon) a code already on its way. */
export type SendNotice = UserNotice & { tone: 'error' | 'info' };

export function useSendCode(channel: LinkingChannel) {
  const [hasSent, setHasSent] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [restored, setRestored] = useState<RestoredCode | null>(null);
  const [notice, setNotice] = useState<SendNotice | null>(null);
  const { remaining, start } = useCountdown();

  const sendOnce = useCallback(
    async (address: string, signal: AbortSignal): Promise<boolean> => {
      setNotice(null);
      setSentTo(null);
      try {
        const scope = { userId: getSession().userId };
        if (channel.kind === 'phone') await requestCodeByPhone(scope, channel.token, address, signal);
        else await requestCodeByEmail(scope, address, signal);
        setHasSent(true);
        setRestored(null);
        setSentTo(address);
        start(RESEND_LOCKOUT_SECONDS);
        return true;
      } catch (failure) {
        // A cancelled request, or a 401/403 that has signed the user out: nothing to say.
        if (isSilentFailure(failure)) return false;
        console.error('Sending the linking code failed.', failure);
        const facts = getApiErrorFacts(failure);
        // Retry-After's seconds (none, or 0: the usual lockout).
        const wait = facts.retryAfterSeconds || null;
        if (facts.status === 429) start(wait ?? RESEND_LOCKOUT_SECONDS);
        const { tooSoon, ...words } = sendCodeNotice(facts, wait);
        // Too soon after the last request: that code is on its way, so the boxes are wanted.
        if (tooSoon) setHasSent(true);
        setNotice({ ...words, tone: tooSoon ? 'info' : 'error' });
        return tooSoon;
      }
    },
    [channel, start],
  );
  const { run, pending: sending } = usePageMutation(sendOnce);

  const send = useCallback(
    // A send already under way: this one was not made.
    async (address: string): Promise<boolean> => (await run(address)) ?? false,
    [run],
  );

  /** Brings back a code request made before the page opened (unless the user has sent since). */
  const restore = useCallback(
    (request: LinkingCodeRequest) => {
      if (request.resendInSeconds > 0) start(request.resendInSeconds);
      if (!request.pending) return;
      setHasSent(true);
      setRestored({ channel: request.channel, expiresInSeconds: request.expiresInSeconds });
    },
    [start],
  );

  return {
    send,
    restore,
    sending,
    hasSent,
    /** Where the last code went, while its 'Code sent' notice is shown. */
    sentTo,
    dismissSent: () => setSentTo(null),
    /** A code asked for before the page opened (null once the user sends again). */
    restored,
    notice,
    dismissNotice: () => setNotice(null),
    /** Seconds until another code may be asked for. */
    lockoutRemaining: remaining,
  };
}
