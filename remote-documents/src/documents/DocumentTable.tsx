// Files with their date and a download button: columns 'Recent files' and 'Date'.
import type { IntranetDocument } from '@portal/shared/api/types';
import { formatNumericDate } from '@portal/shared/format';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';
import { DownloadIcon } from '../components/DownloadIcon';

type DocumentTableProps = {
  documents: readonly IntranetDocument[];
  onDownload: (document: IntranetDocument) => void;
  isDownloading: (document: IntranetDocument) => boolean;
};

// Short columns (a file name wraps): they fit a phone as they are.
const DOCUMENT_COLUMNS = [{ label: 'Recent files' }, { label: 'Date' }, { label: 'Download', labelHidden: true }];

export function DocumentTable({ documents, onDownload, isDownloading }: DocumentTableProps) {
  return (
    <ResponsiveTable columns={DOCUMENT_COLUMNS} stackBelow="never" className="docs-table">
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
              aria-label={`Download ${document.filename}`}
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
