// How often one address may look an invitation link up: enough for a household opening its links
// again and again, far too few to find a live token by guessing.
import type { Counter, Limit } from '../throttle/throttle';
import { addressKey } from '../auth/throttle-rules';

export const INVITATION_LOOKUP_LIMIT: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

export const invitationLookupCounter = (ip: string): Counter => ({ key: `invitation-lookup:address:${addressKey(ip)}`, limit: INVITATION_LOOKUP_LIMIT });
