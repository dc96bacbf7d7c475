// 'Download a tax year' (beyond the spec): one ZIP of every payslip and pay document of a
// chosen UK tax year, named for a person ('2025-26 Pay documents - Northwind Logistics Ltd.zip').
// Used by the payslips list and the pay-document lists; the years are those the list has.
import { useId, useState } from 'react';
import { apiGetBlob, employmentApiPath, getApiErrorMessage } from '@portal/shared/api/client';
import { useRequestScope } from '@portal/shared/contract';
import { useFileDownload } from '@portal/shared/react/use-file-download';
import { Notice } from '@portal/shared/ui/Notice';
import { SelectField } from '@portal/shared/ui/SelectField';
import { pagePartsTexts as texts } from '@portal/shared/react/page-parts-texts';

export type TaxYearDownloadProps = {
  /** Tax years to offer, as '2025/26', newest first. */
  taxYears: readonly string[];
};

function logFailure(error: unknown) {
  console.error('Downloading the tax year failed.', error);
}

export function TaxYearDownload({ taxYears }: TaxYearDownloadProps) {
  const headingId = useId();
  const { userId, employmentId } = useRequestScope();
  const [chosen, setChosen] = useState<string | null>(null);
  const { download, isPending, failure, clearFailure } = useFileDownload({ onError: logFailure });
  const year = chosen && taxYears.includes(chosen) ? chosen : taxYears[0];
  if (!year || !employmentId) return null;
  const pending = isPending(year);

  const start = () =>
    void download({
      key: year,
      fetchFile: (signal) => apiGetBlob(employmentApiPath({ userId, employmentId }, 'tax-years', year.replace('/', '-'), 'archive'), { signal }),
      fallbackFilename: `${year.replace('/', '-')} Pay documents.zip`,
    });

  return (
    <section className="ui-year-download" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-year-download__heading">
        {texts.t('taxYearHeading')}
      </h2>
      <p className="ui-year-download__text">{texts.t('taxYearText')}</p>
      <div className="ui-year-download__controls">
        {taxYears.length > 1 ? (
          <SelectField label={texts.t('taxYearYearLabel')} value={year} options={taxYears.map((label) => ({ value: label, label }))} onChange={setChosen} />
        ) : null}
        <button type="button" className="ui-button" onClick={start} disabled={pending}>
          {pending ? texts.t('taxYearPreparing') : texts.t('taxYearDownload', { year })}
        </button>
      </div>
      {failure ? (
        <Notice tone="error" title={texts.t('taxYearFailed')} onDismiss={clearFailure}>
          {getApiErrorMessage(failure.error)}
        </Notice>
      ) : null}
    </section>
  );
}
