// The 'Latest Payslip' card: hidden behind a sensitivity warning until the user presses 'Show'.
// Focus follows the change: to the figures after 'Show', back to 'Show' after 'Hide'.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { useDismissibleError } from '../lib/use-dismissible-error';
import { PayslipSummary } from '../payslip-summary/PayslipSummary';
import { useLatestPayslip } from './use-latest-payslip';
import { homeTexts } from './messages';

export function LatestPayslipCard() {
  const headingId = useId();
  const { payslip, hasData, error, retry } = useLatestPayslip();
  const { showError, dismissError } = useDismissibleError(error);
  const [isShown, setShown] = useState(false);
  const toggled = useRef(false);
  const figures = useRef<HTMLDivElement>(null);
  const showButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!toggled.current) return; // not on first render: the page heading has focus then
    if (isShown) figures.current?.focus();
    else showButton.current?.focus();
  }, [isShown]);

  const toggle = (show: boolean) => {
    toggled.current = true;
    setShown(show);
  };

  return (
    <section className="pay-card pay-latest" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-card__heading">
        {homeTexts.t('latest')}
      </h2>
      {showError ? <LoadErrorNotice title={homeTexts.t('latestFailed')} error={error} onRetry={retry} onDismiss={dismissError} /> : null}
      {isShown ? (
        <div ref={figures} tabIndex={-1} className="pay-latest__figures pay-focus-target" aria-label={homeTexts.t('figures')} role="group">
          <PayslipSummary payslip={payslip} showChart={hasData} />
          <div className="pay-latest__actions">
            <button type="button" className="ui-link-button" onClick={() => toggle(false)}>
              {homeTexts.t('hide')}
            </button>
            {hasData ? (
              <Link to={paths.payslipDetail.getHref(payslip.ID)} className="pay-link">
                {homeTexts.t('more')}
              </Link>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="pay-latest__warning">
          <p className="pay-latest__warning-title">{homeTexts.t('warning')}</p>
          <p className="pay-latest__warning-text">{homeTexts.t('sensitive')}</p>
          <button ref={showButton} type="button" className="ui-button ui-button--primary" onClick={() => toggle(true)}>
            {homeTexts.t('show')}
          </button>
        </div>
      )}
    </section>
  );
}
