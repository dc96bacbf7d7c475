// 'Download proof of income' (beyond the spec): the last three payslips and the latest
// P60 of the chosen employment in one PDF, behind a cover page fit to hand to a lender. Shown
// beside 'Download a tax year' on the payslips list.
import { useId } from 'react';
import { apiGetBlob, employmentApiPath, getApiErrorMessage } from '@portal/shared/api/client';
import { useRequestScope } from '@portal/shared/contract';
import { useFileDownload } from '@portal/shared/react/use-file-download';
import { Notice } from '@portal/shared/ui/Notice';
import { proofOfIncomeTexts as texts } from './messages';
import './proof-of-income.css';

const PACK = 'proof-of-income';

function logFailure(error: unknown) {
  console.error('Downloading the proof of income failed.', error);
}

export function ProofOfIncomeDownload() {
  const headingId = useId();
  const { userId, employmentId } = useRequestScope();
  const { download, isPending, failure, clearFailure } = useFileDownload({ onError: logFailure });
  if (!employmentId) return null;
  const pending = isPending(PACK);

  const start = () =>
    void download({
      key: PACK,
      fetchFile: (signal) => apiGetBlob(employmentApiPath({ userId, employmentId }, PACK), { signal }),
      fallbackFilename: 'Proof of income.pdf',
    });

  return (
    <section className="pay-proof" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-proof__heading">
        {texts.t('heading')}
      </h2>
      <p className="pay-proof__text">{texts.t('text')}</p>
      <button type="button" className="ui-button" onClick={start} disabled={pending}>
        {pending ? texts.t('preparing') : texts.t('download')}
      </button>
      {failure ? (
        <Notice tone="error" title={texts.t('failed')} onDismiss={clearFailure}>
          {getApiErrorMessage(failure.error)}
        </Notice>
      ) : null}
    </section>
  );
}
