// Payslip detail (/payslips/{id}): Back, the pay date as heading, 'View payslip' (the PDF, saved as
// Payslip.pdf), the card, 'Deductions', 'Other' and links to the previous and next payslips. Beyond
// the spec: 'Pay details' (employer, periods, tax code explained, NI category),
// 'Earnings', 'What is this?' on each line, and 'What changed' since the payslip before; and
// 'View in browser' beside 'View payslip': the PDF in the browser's viewer, in a new tab.
// Beyond the spec too: 'Ask payroll about this' on each line (earnings, deductions, other) and on 'What changed', whose form and
// the thread of questions and answers are a chunk of their own (../ask-payroll).
// There is no single-payslip call: the employment's list is loaded and the payslip found in it.
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from '@portal/shared/router';
import { useEmployments, useRequestScope } from '@portal/shared/contract';
import type { Payslip, PayslipLine } from '@portal/shared/api/types';
import { formatLongDate } from '@portal/shared/format';
import { deductionHelp, otherLineHelp } from '@portal/shared/pay-insights/line-help';
import { pageWords } from '@portal/shared/pay-insights/page-words';
import { paths } from '@portal/shared/paths';
import { useFileDownload } from '@portal/shared/react/use-file-download';
import { ViewInBrowserLink } from '@portal/shared/react/ViewInBrowserLink';
import { BackLink } from '@portal/shared/ui/BackLink';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Spinner } from '@portal/shared/ui/Spinner';
import { AskPayrollButton } from '../ask-payroll/AskPayrollButton';
import type { AskedLine } from '../ask-payroll/AskPayrollButton';
import { useDismissibleError } from '../lib/use-dismissible-error';
import { fetchPayslipFile } from '../payslip-data/api';
import { usePayslips } from '../payslip-data/use-payslips';
import { EarningsLines } from '../payslip-explained/EarningsLines';
import { PayDetails } from '../payslip-explained/PayDetails';
import { PayslipSummary } from '../payslip-summary/PayslipSummary';
import { WhatChanged } from '../what-changed/WhatChanged';
import { PayslipLines } from './PayslipLines';
import { PayslipNeighbours } from './PayslipNeighbours';
import { payslipTexts } from './messages';
import { neighbours, pensionEvidenceOf, visibleDeductions } from './payslip-lines';
import '../lib/pay.css';
import '../lib/pay-lines.css';
import './payslip-detail.css';

const AskPayrollPanel = lazy(() => import(/* webpackChunkName: "ask-payroll" */ '../ask-payroll/AskPayrollPanel'));

const PAYSLIP_FILENAME = 'Payslip.pdf';
const t = payslipTexts.t;

function logDownloadFailure(error: unknown) {
  console.error('Downloading the payslip failed.', error);
}

export default function PayslipDetailPage() {
  const { id = '' } = useParams();
  const { data: payslips, error, isLoading, refetch } = usePayslips();
  const { userId, employmentId } = useRequestScope();
  const employerName = useEmployments().find((employment) => employment.ID === employmentId)?.name;
  const { showError, dismissError } = useDismissibleError(error);
  const { download, isPending, failure, clearFailure } = useFileDownload({ onError: logDownloadFailure });
  const payslip = payslips?.find((candidate) => candidate.ID === id);
  const [asking, setAsking] = useState<(AskedLine & { payslipId: string }) | null>(null);
  const askAbout = (line: AskedLine) => setAsking({ ...line, payslipId: id });
  const askButton = (line: PayslipLine) => <AskPayrollButton line={{ lineName: line.name, linePence: Math.round(line.amount * 100) }} onAsk={askAbout} />;
  const around = payslip ? neighbours(payslips ?? [], payslip.ID) : {};

  const viewPayslip = (shown: Payslip) => {
    if (!employmentId) return;
    void download({
      key: shown.ID,
      fetchFile: (signal) => fetchPayslipFile({ userId, employmentId }, shown.ID, signal),
      filename: PAYSLIP_FILENAME,
    });
  };

  const heading = payslip ? formatLongDate(payslip.payDate) : payslips ? t('notFound') : t('payslip');

  return (
    <div className="pay-page pay-detail">
      <BackLink to={paths.payslips.getHref()}>{t('back')}</BackLink>
      {/* A new key per payslip: the heading takes focus again when previous/next changes it. */}
      <PageHeading key={heading}>{heading}</PageHeading>
      {showError ? <LoadErrorNotice title={t('loadFailed')} error={error} onRetry={() => void refetch()} onDismiss={dismissError} /> : null}
      {failure ? <Notice tone="error" title={t('downloadFailed')} onDismiss={clearFailure} /> : null}
      {isLoading ? <Spinner label={t('loading')} /> : null}
      {payslips && !payslip ? <p>{t('notInList')}</p> : null}
      {payslip ? (
        <>
          <div className="pay-detail__actions">
            <button type="button" className="ui-button ui-button--primary" onClick={() => viewPayslip(payslip)} disabled={isPending(payslip.ID)}>
              {t('view')}
            </button>
            <ViewInBrowserLink fileId={payslip.ID}>{t('viewInBrowser')}</ViewInBrowserLink>
          </div>
          {/* The latest payslip is where an estimate of the next one starts. */}
          {payslips?.[0]?.ID === payslip.ID ? (
            <p>
              <Link to={paths.payslipForecast.getHref()}>{t('forecast')}</Link>
            </p>
          ) : null}
          <section className="pay-card" aria-label={t('summary')}>
            <PayslipSummary payslip={payslip} showChart />
          </section>
          <PayDetails payslip={payslip} employerName={employerName} />
          <EarningsLines payslip={payslip} action={askButton} />
          <PayslipLines
            title={t('deductions')}
            lines={visibleDeductions(payslip.deductions)}
            emptyText={t('noDeductions')}
            help={(name) => deductionHelp(name, pageWords, pensionEvidenceOf(payslip))}
            action={askButton}
          />
          <PayslipLines
            title={t('other')}
            lines={payslip.other}
            emptyText={t('nothingElse')}
            help={(name) => otherLineHelp(name, pageWords)}
            action={askButton}
          />
          <WhatChanged
            payslip={payslip}
            previous={around.previous}
            action={(netChangePence) => <AskPayrollButton line={{ lineName: 'What changed', linePence: netChangePence }} onAsk={askAbout} />}
          />
          <Suspense fallback={null}>
            <AskPayrollPanel payslip={payslip} asking={asking?.payslipId === payslip.ID ? asking : null} onClose={() => setAsking(null)} />
          </Suspense>
          <PayslipNeighbours {...around} />
        </>
      ) : null}
    </div>
  );
}
