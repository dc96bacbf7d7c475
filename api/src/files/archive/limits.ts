// How often one user may have a bundle made (a tax year's ZIP, a proof-of-income pack): each is
// many PDFs drawn at once, so a loop of requests must not tie up the PDF workers for everyone.
import type { Counter } from '../../throttle/throttle';

const MINUTE = 60_000;

export const BUNDLE_LIMIT = { max: 10, windowMs: 10 * MINUTE };

export const bundleCounter = (userId: string): Counter => ({ key: `bundle:user:${userId}`, limit: BUNDLE_LIMIT });
