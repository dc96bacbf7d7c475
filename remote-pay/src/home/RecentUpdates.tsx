// 'Recent Updates': shown only when the employment has updates. Each shows its header, where it
// came from and the day it was created (first 10 characters of `created`, as '31 Oct 2026').
import { useId } from 'react';
import { UPDATE_CREATED_DATE_LENGTH } from '@portal/shared/constants';
import { formatShortDate } from '@portal/shared/format';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { useDismissibleError } from '../lib/use-dismissible-error';
import { useRecentUpdates } from './use-recent-updates';
import { homeTexts } from './messages';

export function RecentUpdates() {
  const headingId = useId();
  const { updates, error, retry } = useRecentUpdates();
  const { showError, dismissError } = useDismissibleError(error);

  return (
    <>
      {showError ? <LoadErrorNotice title={homeTexts.t('updatesFailed')} error={error} onRetry={retry} onDismiss={dismissError} /> : null}
      {updates.length > 0 ? (
        <section className="pay-card pay-updates" aria-labelledby={headingId}>
          <h2 id={headingId} className="pay-card__heading">
            {homeTexts.t('updates')}
          </h2>
          <p className="pay-updates__lead">{homeTexts.t('changed')}</p>
          <ul className="pay-updates__list">
            {updates.map((update) => {
              const day = update.created.slice(0, UPDATE_CREATED_DATE_LENGTH);
              return (
                <li key={update.ID} className="pay-updates__item">
                  <h3 className="pay-updates__header">{update.updateHeader}</h3>
                  <p className="pay-updates__meta">
                    <span className="pay-updates__from">{update.updateFrom}</span>
                    <time dateTime={day}>{formatShortDate(day)}</time>
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}
