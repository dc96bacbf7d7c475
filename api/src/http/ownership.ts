// Who may see what, as reusable preHandlers: every route under /api names the signed-in user in its
// path, and every employment (and file) in a path must belong to that user. Routes declare these
// checks; handlers never repeat them.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toBool } from '../db/convert';
import type { TokenService } from '../auth/tokens';
import { COOKIES } from './cookies';
import { HttpError } from './errors';

export type OwnedEmployment = {
  id: string;
  employerId: string;
  employerName: string;
  employeeName: string;
  niNumber: string;
  taxCode: string;
  active: boolean;
  endDate: string | null;
};

export type Ownership = {
  /** 401 unless the request carries a valid access token of a session that has not ended; sets request.session. */
  requireSession: onRequestAsyncHookHandler;
  /** 403 unless the path parameter `param` is the signed-in user's id. */
  requireOwnUser(param: string): preHandlerAsyncHookHandler;
  /** 404 unless `:employmentId` is linked to the signed-in user; sets request.employment. */
  requireOwnEmployment: preHandlerAsyncHookHandler;
};

export function createOwnership(db: Kysely<Database>, tokens: TokenService): Ownership {
  const requireSession: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const claims = await tokens.verifyAccessToken(request.cookies[COOKIES.access]);
    if (!claims) throw new HttpError(401, 'You are signed out. Please sign in again.');
    request.session = claims;
  };

  const requireOwnUser = (param: string): preHandlerAsyncHookHandler =>
    async function requireOwnUser(request: FastifyRequest) {
      const value = (request.params as Record<string, string | undefined>)[param];
      if (!request.session || value !== request.session.sub) {
        throw new HttpError(403, 'You can only use your own account');
      }
    };

  const requireOwnEmployment: preHandlerAsyncHookHandler = async function requireOwnEmployment(request: FastifyRequest) {
    const employmentId = (request.params as Record<string, string | undefined>).employmentId;
    if (!request.session || !employmentId) throw new HttpError(403, 'You can only use your own account');
    const row = await db
      .selectFrom('employments')
      .innerJoin('employers', 'employers.id', 'employments.employer_id')
      .select([
        'employments.id',
        'employments.employer_id',
        'employers.name as employer_name',
        'employments.employee_name',
        'employments.ni_number',
        'employments.tax_code',
        'employments.active',
        'employments.end_date',
      ])
      .where('employments.id', '=', employmentId)
      .where('employments.user_id', '=', request.session.sub)
      .executeTakeFirst();
    // 404, not 403: whether someone else's employment exists is not the caller's business.
    if (!row) throw new HttpError(404, 'No such employment on your account');
    request.employment = {
      id: row.id,
      employerId: row.employer_id,
      employerName: row.employer_name,
      employeeName: row.employee_name,
      niNumber: row.ni_number,
      taxCode: row.tax_code,
      active: toBool(row.active),
      endDate: row.end_date,
    };
  };

  return { requireSession, requireOwnUser, requireOwnEmployment };
}
