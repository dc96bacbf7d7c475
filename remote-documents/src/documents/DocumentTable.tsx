// Files with their date and a download button: columns 'Recent files' and 'Date'.
import type { IntranetDocument } from '@portal/shared/api/types';
import { formatNumericDate } from '@portal/shared/format';
import { DownloadIcon } from '../components/DownloadIcon';

type DocumentTableProps = {
  documents: readonly IntranetDocument[];
  onDownload: (document: IntranetDocument) => void;
  isDownloading: (document: IntranetDocument) => boolean;
};

export function DocumentTable({ documents, onDownload, isDownloading }: DocumentTableProps) {
  return (
    <table className="ui-table docs-table">
      <thead>
        <tr>
          <th scope="col">Recent files</th>
          <th scope="col">Date</th>
          <th scope="col" className="docs-table__action">
            <span className="ui-visually-hidden">Download</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => (
          <tr key={document.ID} className="docs-table__row" aria-busy={isDownloading(document) || undefined}>
            <th scope="row">{document.filename}</th>
            <td className="docs-table__date">
              <time dateTime={document.date}>{formatNumericDate(document.date)}</time>
            </td>
            <td className="docs-table__action">
              <button
                type="button"
                className="docs-row-button docs-row-button--icon"
                aria-label={`Download ${document.filename}`}
                onClick={() => onDownload(document)}
              >
                <DownloadIcon />
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
