// The four pay information lists share one screen (spec section 2); this says which one a path is,
// and the words each one uses, in the page's language (messages/). Paths match case-insensitively, so /P11d (and /p11d) list 'P11D'.
import { findPayDocumentRoute } from '@portal/shared/paths';
import type { PayDocumentRoute } from '@portal/shared/paths';
import { payDocumentsTexts as texts } from './messages';

export type PayDocumentList = PayDocumentRoute & {
  heading: string;
  /** What the list holds, in a sentence for someone who may not know the form. */
  description: string;
  /** The dismissible banner for a failed list load or download (decisions.md names its type). */
  errorText: string;
  /** Said instead of an empty table. */
  emptyText: string;
  loadingText: string;
};

type ListWords = Pick<PayDocumentList, 'heading' | 'description' | 'errorText' | 'emptyText' | 'loadingText'>;

/** A list's words in the page's language: its messages are named after its key ('p60Heading', ...). */
function wordsOf(key: PayDocumentRoute['key']): ListWords {
  return {
    heading: texts.t(`${key}Heading`),
    description: texts.t(`${key}Description`),
    errorText: texts.t(`${key}Error`),
    emptyText: texts.t(`${key}Empty`),
    loadingText: texts.t(`${key}Loading`),
  };
}

/** The list shown on this pathname, or undefined when it is not one of the four list routes. */
export function payDocumentListFor(pathname: string): PayDocumentList | undefined {
  const route = findPayDocumentRoute(pathname);
  if (!route) return undefined;
  return { ...route, ...wordsOf(route.key) };
}
