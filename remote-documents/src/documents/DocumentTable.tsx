// Files with their date and a download button: columns 'Recent files' and 'Date'.
import type { IntranetDocument } from '@portal/shared/api/types';
import { formatNumericDate } from '@portal/shared/format';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';
import { DownloadIcon } from '../components/DownloadIcon';
import { documentsTexts as texts } from './messages';

type DocumentTableProps = {
  documents: readonly IntranetDocument[];
  onDownload: (document: IntranetDocument) => void;
  isDownloading: (document: IntranetDocument) => boolean;
};

// Short columns (a file name wraps): they fit a phone as they are.
const documentColumns = () => [{ label: texts.t('recentFiles') }, { label: texts.t('date') }, { label: texts.t('download'), labelHidden: true }];

export function DocumentTable({ documents, onDownload, isDownloading }: DocumentTableProps) {
  return (
    <ResponsiveTable columns={documentColumns()} stackBelow="never" className="docs-table">
      {documents.map((document) => (
        <ResponsiveRow key={document.ID} className="docs-table__row" aria-busy={isDownloading(document) || undefined}>
          <ResponsiveCell rowHeader>{document.filename}</ResponsiveCell>
          <ResponsiveCell className="docs-table__date">
            <time dateTime={document.date}>{formatNumericDate(document.date)}</time>
          </ResponsiveCell>
          <ResponsiveCell className="docs-table__action">
            <button
              type="button"
              className="docs-row-button docs-row-button--icon"
              aria-label={texts.t('downloadFile', { name: document.filename })}
              onClick={() => onDownload(document)}
            >
              <DownloadIcon />
            </button>
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}
