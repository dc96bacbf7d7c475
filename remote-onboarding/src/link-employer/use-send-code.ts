// Sending (and resending) the linking code: one request at a time, the 30-second lockout after each
// send (or the server's Retry-After on a 429), the 'Code sent' notice and plain error messages.
import axios from 'axios';
import { useCallback, useState } from 'react';
import { getApiErrorMessage, getApiErrorStatus, isSilentFailure } from '@portal/shared/api/client';
import { RESEND_LOCKOUT_SECONDS } from '@portal/shared/constants';
import { getSession } from '@portal/shared/contract';
import { useExclusiveRequest } from '@portal/shared/react/use-exclusive-request';
import { requestCodeByEmail, requestCodeByPhone } from './api';
import type { LinkingChannel } from './linking-channel';
import { useCountdown } from './use-countdown';

export const SEND_FAILED_TITLE = 'We could not send a code';

/** Seconds from a 429's Retry-After header, or null. */
function retryAfterSeconds(error: unknown): number | null {
  if (!axios.isAxiosError(error)) return null;
  const header: unknown = error.response?.headers?.['retry-after'];
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

export function useSendCode(channel: LinkingChannel) {
  const { run, pending: sending } = useExclusiveRequest();
  const [hasSent, setHasSent] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { remaining, start } = useCountdown();

  const send = useCallback(
    async (address: string): Promise<boolean> => {
      const sent = await run(async (signal) => {
        setError(null);
        setSentTo(null);
        try {
          const scope = { userId: getSession().userId };
          if (channel.kind === 'phone') await requestCodeByPhone(scope, channel.token, address, signal);
          else await requestCodeByEmail(scope, address, signal);
          setHasSent(true);
          setSentTo(address);
          start(RESEND_LOCKOUT_SECONDS);
          return true;
        } catch (failure) {
          // A cancelled request, or a 401/403 that has signed the user out: nothing to say.
          if (isSilentFailure(failure)) return false;
          console.error('Sending the linking code failed.', failure);
          if (getApiErrorStatus(failure) === 429) start(retryAfterSeconds(failure) ?? RESEND_LOCKOUT_SECONDS);
          // The server's own words (e.g. 'Please wait 25 seconds before asking for another code').
          setError(getApiErrorMessage(failure));
          return false;
        }
      });
      // A send already under way: this one was not made.
      return sent ?? false;
    },
    [channel, run, start],
  );

  return {
    send,
    sending,
    hasSent,
    /** Where the last code went, while its 'Code sent' notice is shown. */
    sentTo,
    dismissSent: () => setSentTo(null),
    error,
    dismissError: () => setError(null),
    /** Seconds until another code may be asked for. */
    lockoutRemaining: remaining,
  };
}
