// The four pay information lists share one screen (spec section 2); this says which one a path is,
// and the words each one uses. Paths match case-insensitively, so /P11d (and /p11d) list 'P11D'.
import { findPayDocumentRoute } from '@portal/shared/paths';
import type { PayDocumentRoute } from '@portal/shared/paths';

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

const WORDS: Record<PayDocumentRoute['key'], ListWords> = {
  p60: {
    errorText: 'Error viewing P60',
    heading: 'P60s',
    description: 'A P60 shows the pay you received and the tax you paid in a tax year. Select one to download it.',
    emptyText: 'You have no P60s yet.',
    loadingText: 'Loading your P60s…',
  },
  p11d: {
    errorText: 'Error viewing P11D',
    heading: 'P11Ds',
    description: 'A P11D lists the benefits and expenses your employer reported to HMRC for a tax year. Select one to download it.',
    emptyText: 'You have no P11Ds yet.',
    loadingText: 'Loading your P11Ds…',
  },
  p45: {
    errorText: 'Error viewing P45',
    heading: 'P45s',
    description: 'A P45 shows your pay and tax up to the day you left an employer. Select one to download it.',
    emptyText: 'You have no P45s yet.',
    loadingText: 'Loading your P45s…',
  },
  pensionLetters: {
    errorText: 'Error viewing Pension Letter',
    heading: 'Pension Letters',
    description: 'Letters about your workplace pension, such as enrolment and contribution changes. Select one to download it.',
    emptyText: 'You have no pension letters yet.',
    loadingText: 'Loading your pension letters…',
  },
};

/** The list shown on this pathname, or undefined when it is not one of the four list routes. */
export function payDocumentListFor(pathname: string): PayDocumentList | undefined {
  const route = findPayDocumentRoute(pathname);
  if (!route) return undefined;
  return { ...route, ...WORDS[route.key] };
}
