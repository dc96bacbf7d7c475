// Documents (/documents): a search box and two tabs. 'My docs' is always empty (spec); 'Shared with
// me' lists the employer's intranet documents, filtered by a case-insensitive filename search. The
// page opens on the tab that has something to show (opening-tab.ts) until the user picks one.
import { useState } from 'react';
import { Link } from '@portal/shared/router';
import type { IntranetDocument } from '@portal/shared/api/types';
import { useRequestScope } from '@portal/shared/contract';
import { paths } from '@portal/shared/paths';
import { useFileDownload } from '@portal/shared/react/use-file-download';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { SearchBox } from '@portal/shared/ui/SearchBox';
import { sharedTexts } from '@portal/shared/messages';
import { Spinner } from '@portal/shared/ui/Spinner';
import { fetchIntranetDocumentFile } from './api';
import { DocumentTable } from './DocumentTable';
import { filterByFilename } from './filter-documents';
import { openingTab } from './opening-tab';
import type { DocumentsTab, TabListState } from './opening-tab';
import { Tabs } from './Tabs';
import { useIntranetDocuments } from './use-intranet-documents';
import { documentsTexts as texts } from './messages';
import '../components/docs-table.css';
import './documents.css';

/** 'My docs' lists nothing yet (spec): no documents of the user's own are served. */
const MY_DOCS_STATE: TabListState = 'empty';

export default function DocumentsPage() {
  const [search, setSearch] = useState('');
  const [chosenTab, setChosenTab] = useState<DocumentsTab | null>(null);
  const { userId, employmentId } = useRequestScope();
  const shared = useIntranetDocuments();
  const tab = chosenTab ?? openingTab({ mine: MY_DOCS_STATE, shared: sharedListState() });
  const downloads = useFileDownload({
    onError: (error) => console.error('Downloading a shared document failed.', error),
  });
  const [dismissedLoadError, setDismissedLoadError] = useState<unknown>(undefined);
  const [status, setStatus] = useState('');

  async function download(document: IntranetDocument) {
    if (!employmentId) return;
    setStatus(texts.t('downloading', { name: document.filename }));
    const saved = await downloads.download({
      key: document.ID,
      fetchFile: (signal) => fetchIntranetDocumentFile({ userId, employmentId }, document.ID, signal),
      filename: document.filename,
    });
    setStatus(saved ? texts.t('downloaded', { name: document.filename }) : '');
  }

  const failedKey = downloads.failure?.key;
  const failedFilename = shared.data?.find((document) => document.ID === failedKey)?.filename;
  const showLoadFailure = shared.error !== null && shared.error !== dismissedLoadError;

  return (
    <section className="docs-page">
      <PageHeading>{texts.t('heading')}</PageHeading>
      <SearchBox value={search} onChange={setSearch} label={texts.t('searchLabel')} placeholder={texts.t('searchPlaceholder')} className="docs-search" />
      {downloads.failure ? (
        <Notice tone="error" title={texts.t('downloadFailedTitle')} onDismiss={downloads.clearFailure}>
          <p>{failedFilename ? texts.t('downloadFailed', { name: failedFilename }) : texts.t('downloadFailedUnknown')}</p>
        </Notice>
      ) : null}
      {showLoadFailure ? (
        <Notice tone="error" title={texts.t('loadFailedTitle')} onDismiss={() => setDismissedLoadError(shared.error)}>
          <p>{texts.t('pleaseTryAgain')}</p>
        </Notice>
      ) : null}
      <p role="status" className="ui-visually-hidden">
        {status}
      </p>
      <Tabs
        label={texts.t('tabsLabel')}
        selected={tab}
        onSelect={setChosenTab}
        tabs={[
          {
            key: 'mine',
            label: texts.t('myDocs'),
            panel: <p className="docs-message">{texts.t('myDocsEmpty')}</p>,
          },
          { key: 'shared', label: texts.t('sharedWithMe'), panel: renderShared() },
        ]}
      />
    </section>
  );

  function sharedListState(): TabListState {
    if (!employmentId) return 'empty';
    if (!shared.data) return 'pending';
    return shared.data.length > 0 ? 'files' : 'empty';
  }

  function renderShared() {
    if (!employmentId) {
      return (
        <p className="docs-message">
          {texts.t('chooseEmployer')} <Link to={paths.selectCompany.getHref()}>{texts.t('selectAccount')}</Link>
        </p>
      );
    }
    const all = shared.data;
    if (!all) {
      if (shared.isFetching) return <Spinner label={texts.t('loading')} />;
      if (shared.error !== null) {
        return (
          <div className="docs-message">
            <p>{texts.t('loadFailed')}</p>
            <button type="button" className="ui-button" onClick={() => void shared.refetch()}>
              {sharedTexts.t('tryAgain')}
            </button>
          </div>
        );
      }
      return null;
    }
    if (all.length === 0) return <p className="docs-message">{texts.t('none')}</p>;
    const matching = filterByFilename(all, search);
    if (matching.length === 0) return <p className="docs-message">{texts.t('noMatch', { search: search.trim() })}</p>;
    return (
      <DocumentTable documents={matching} onDownload={(document) => void download(document)} isDownloading={(document) => downloads.isPending(document.ID)} />
    );
  }
}
