// The HTTP answer to a refused publication (publish-repository.ts returns refusals as data).
import { HttpError } from '../http/errors';
import type { Refused } from './publish-repository';

const STATUS: Record<Refused['refused'], number> = { conflict: 409, invalid: 400 };

export const refusalError = ({ refused, message }: Refused): HttpError => new HttpError(STATUS[refused], message);

/** The result, or the refusal thrown as its HTTP error. */
export function orThrow<T extends object>(result: T | Refused): T {
  if ('refused' in result) throw refusalError(result);
  return result;
}
