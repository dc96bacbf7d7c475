// "Download my data": one ZIP of everything the portal holds about the user (their profile,
// employments, every payslip and document as a PDF, and the same data as my-data.json), saved the
// way the tax-year ZIP is (useFileDownload), under the name the server gives it.
import { useId } from 'react';
import { getApiErrorMessage, getApiErrorStatus } from '@portal/shared/api/client';
import { useUserId } from '@portal/shared/contract';
import { useFileDownload } from '@portal/shared/react/use-file-download';
import { Notice } from '@portal/shared/ui/Notice';
import { fetchMyDataArchive } from './api';
import { settingsTexts } from '../messages';

const t = settingsTexts.t;

const KEY = 'my-data';

function logFailure(error: unknown) {
  console.error('Downloading my data failed.', error);
}

function failureText(error: unknown): string {
  return getApiErrorStatus(error) === 429 ? t('dataLimit') : getApiErrorMessage(error);
}

export function DownloadMyData() {
  const headingId = useId();
  const userId = useUserId();
  const { download, isPending, failure, clearFailure } = useFileDownload({ onError: logFailure });
  const pending = isPending(KEY);

  const start = () => void download({ key: KEY, fetchFile: (signal) => fetchMyDataArchive({ userId }, signal), fallbackFilename: 'My pay portal data.zip' });

  return (
    <section className="profile-my-data__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-my-data__heading">
        {t('dataHeading')}
      </h2>
      <p>{t('dataText')}</p>
      <button type="button" className="ui-button" onClick={start} disabled={pending}>
        {pending ? t('preparingZip') : t('downloadData')}
      </button>
      {failure ? (
        <Notice tone="error" title={t('dataFailed')} onDismiss={clearFailure}>
          {failureText(failure.error)}
        </Notice>
      ) : null}
    </section>
  );
}
