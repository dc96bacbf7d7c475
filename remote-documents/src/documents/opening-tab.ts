// Which tab Documents opens on: the one that has something to show. The spec's
// default, 'My docs', stays whenever it has files, or when neither tab has any.
export type DocumentsTab = 'mine' | 'shared';

/** What a tab's list holds: files, nothing, or not known yet (loading, failed: worth showing). */
export type TabListState = 'files' | 'empty' | 'pending';

export const DEFAULT_DOCUMENTS_TAB: DocumentsTab = 'mine';

export function openingTab(lists: Record<DocumentsTab, TabListState>): DocumentsTab {
  if (lists.mine === 'files') return 'mine';
  // While the shared list loads (or after it failed), its tab shows the spinner or 'Try again'.
  if (lists.mine === 'empty' && lists.shared !== 'empty') return 'shared';
  return DEFAULT_DOCUMENTS_TAB;
}
