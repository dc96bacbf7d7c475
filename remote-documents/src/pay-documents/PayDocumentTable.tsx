// The pay documents of one type: columns Type and Tax year; clicking a row downloads its file.
// Each row's Type is a real button, so the keyboard (Tab, then Enter or Space) and screen readers
// reach the same download; a click anywhere else on the row is a shortcut for pointer users.
import type { PayDocument } from '@portal/shared/api/types';
import { formatTaxYear } from '@portal/shared/format';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';
import { DownloadIcon } from '../components/DownloadIcon';
import { documentTypeName, payDocumentsTexts as texts } from './messages';

type PayDocumentTableProps = {
  /** Describes the table for screen readers (e.g. 'P60s'). */
  caption: string;
  documents: readonly PayDocument[];
  onDownload: (document: PayDocument) => void;
  isDownloading: (document: PayDocument) => boolean;
};

// Two short columns: they fit a phone as they are.
const payDocumentColumns = () => [{ label: texts.t('typeColumn') }, { label: texts.t('taxYearColumn') }];

function downloadLabel(document: PayDocument): string {
  return texts.t('downloadLabel', { type: documentTypeName(document.fileType), year: formatTaxYear(document.taxYear) });
}

export function PayDocumentTable({ caption, documents, onDownload, isDownloading }: PayDocumentTableProps) {
  return (
    <ResponsiveTable caption={texts.t('caption', { list: caption })} captionHidden columns={payDocumentColumns()} stackBelow="never" className="docs-table">
      {documents.map((document) => (
        <ResponsiveRow
          key={document.ID}
          className="docs-table__row docs-table__row--clickable"
          aria-busy={isDownloading(document) || undefined}
          onClick={() => onDownload(document)}
        >
          <ResponsiveCell>
            <button
              type="button"
              className="docs-row-button"
              aria-label={downloadLabel(document)}
              onClick={(event) => {
                // The row would download it too.
                event.stopPropagation();
                onDownload(document);
              }}
            >
              <DownloadIcon />
              {documentTypeName(document.fileType)}
            </button>
          </ResponsiveCell>
          <ResponsiveCell>{formatTaxYear(document.taxYear)}</ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}
