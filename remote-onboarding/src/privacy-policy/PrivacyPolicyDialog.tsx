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
import { policyTexts } from './messages';
import './privacy-policy.css';

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
          {policyTexts.t('title')}
        </h2>
        <p id={introId} className="onb-modal__intro">
          {policyTexts.t('intro')}
        </p>
        {policy.isFetching && !policy.data && <Spinner label={policyTexts.t('loading')} />}
        {policy.error !== null && !policy.isFetching && !policy.data && (
          <LoadErrorNotice title={policyTexts.t('loadFailed')} error={policy.error} onRetry={() => void policy.refetch()} />
        )}
        {safeHtml && (
          <div
            className="onb-modal__policy"
            role="region"
            aria-label={policyTexts.t('policyText')}
            // Scrollable, so it must be reachable by keyboard.
            tabIndex={0}
            dangerouslySetInnerHTML={{ __html: safeHtml }}
          />
        )}
        {acceptError && (
          <Notice tone="error" title={policyTexts.t('saveFailed')} onDismiss={() => acceptance.reset()}>
            {acceptError}
          </Notice>
        )}
        <div className="onb-modal__actions">
          <button type="button" className="ui-button ui-button--primary" disabled={!safeHtml || accepting} onClick={accept}>
            {policyTexts.t('accept')}
          </button>
          <button type="button" className="ui-button" onClick={() => signOut()}>
            {policyTexts.t('logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
