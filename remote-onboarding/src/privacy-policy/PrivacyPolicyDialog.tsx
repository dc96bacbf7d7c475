// The blocking privacy-policy panel (spec section 2 "Account picker"): a modal that cannot be
// dismissed (no Escape, no outside click), keeps focus inside, shows the sanitised policy HTML,
// and offers only 'Accept' (PATCH, then the host reloads the user) and 'Logout'.
import { useId, useMemo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import { getApiErrorMessage } from '@portal/shared/api/client';
import { markPrivacyPolicyAccepted, reloadAuthorisedUser, signOut, useUserId } from '@portal/shared/contract';
import { useUserQuery } from '@portal/shared/react/portal-query';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { acceptPrivacyPolicy, fetchPrivacyPolicyHtml } from './api';
import { sanitizePolicyHtml } from './sanitize-policy';
import { useFocusTrap } from './use-focus-trap';
import './privacy-policy.css';

const PRIVACY_POLICY_TITLE = 'Privacy policy';

export function PrivacyPolicyDialog() {
  const userId = useUserId();
  const policy = useUserQuery({ key: ['privacy-policy'], fetch: fetchPrivacyPolicyHtml, errorMessage: 'Loading the privacy policy failed.' });
  const safeHtml = useMemo(() => (policy.data ? sanitizePolicyHtml(policy.data) : ''), [policy.data]);
  const acceptance = useMutation({
    mutationFn: () => acceptPrivacyPolicy({ userId }),
    meta: { errorMessage: 'Accepting the privacy policy failed.' },
  });
  // After a success the panel is closing: Accept stays disabled.
  const accepting = acceptance.isPending || acceptance.isSuccess;
  const acceptError = acceptance.error ? getApiErrorMessage(acceptance.error) : null;

  const dialogRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusTrap(dialogRef, titleRef);
  const titleId = useId();
  const introId = useId();

  const accept = () => {
    if (accepting) return;
    acceptance.mutate(undefined, {
      onSuccess: async () => {
        // Close at once, then let the host reload the user (it may auto-select a single employment).
        markPrivacyPolicyAccepted();
        await reloadAuthorisedUser();
      },
    });
  };

  // The panel cannot be dismissed: Escape is swallowed so nothing behind it reacts either.
  const swallowEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  return (
    <div className="onb-modal">
      {/* The backdrop has no click handler: clicking outside does nothing. */}
      <div className="onb-modal__backdrop" aria-hidden="true" />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
        className="onb-modal__dialog"
        tabIndex={-1}
        onKeyDown={swallowEscape}
      >
        <h2 ref={titleRef} id={titleId} tabIndex={-1} className="onb-modal__title">
          {PRIVACY_POLICY_TITLE}
        </h2>
        <p id={introId} className="onb-modal__intro">
          Please read our privacy policy. To use the portal, accept it; if you do not want to, log out.
        </p>
        {policy.isFetching && !policy.data && <Spinner label="Loading the privacy policy…" />}
        {policy.error !== null && !policy.isFetching && !policy.data && (
          <LoadErrorNotice title="We could not load the privacy policy" error={policy.error} onRetry={() => void policy.refetch()} />
        )}
        {safeHtml && (
          <div
            className="onb-modal__policy"
            role="region"
            aria-label="Privacy policy text"
            // Scrollable, so it must be reachable by keyboard.
            tabIndex={0}
            dangerouslySetInnerHTML={{ __html: safeHtml }}
          />
        )}
        {acceptError && (
          <Notice tone="error" title="We could not save your answer" onDismiss={() => acceptance.reset()}>
            {acceptError}
          </Notice>
        )}
        <div className="onb-modal__actions">
          <button type="button" className="ui-button ui-button--primary" disabled={!safeHtml || accepting} onClick={accept}>
            Accept
          </button>
          <button type="button" className="ui-button" onClick={() => signOut()}>
            Logout
          </button>
        </div>
      </div>
    </div>
  );
}
