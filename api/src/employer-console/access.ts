// The one check in front of every /api/employers/:employerId/... route: the signed-in account is an
// admin of that employer and its session passed its second step, and a record named in the path is
// that employer's; all in one query. It runs before the path and body are validated (after the
// session and the control-character checks), so a garbled id is answered like an unknown one (404)
// without reaching the database, and someone without access learns nothing from a 400.
import type { preValidationAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ID_PATTERN } from '../http/validation';
import { consoleAccess } from './access-repository';
import { consoleNotFound, employeeNotFound, secondStepRequired } from './errors';

const ID = new RegExp(ID_PATTERN);

export function requireConsoleAccess(db: Kysely<Database>): preValidationAsyncHookHandler {
  return async (request) => {
    const session = request.session;
    const { employerId, employmentId } = request.params as Record<string, string | undefined>;
    if (!session || !employerId || !ID.test(employerId)) throw consoleNotFound();
    const named = employmentId !== undefined && ID.test(employmentId) ? employmentId : undefined;
    const access = await consoleAccess(db, employerId, session.sub, session.sid, named);
    if (!access) throw consoleNotFound();
    if (!access.secondStep) throw secondStepRequired();
    if (employmentId !== undefined && !access.employmentFound) throw employeeNotFound();
  };
}
