// Who may see what, as reusable preHandlers: every route under /api names the signed-in user in its
// path, and every employment (and file) in a path must belong to that user. Routes declare these
// checks; handlers never repeat them.
import type { FastifyReply, FastifyRequest, preHandlerHookHandler, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../db/connect';
import { ownedEmploymentFinder } from '../employments/repository';
import { retentionEndedMessage, retentionHasEnded } from '../employments/retention';
import { appUserInLiveSessionFinder } from '../users/repository';
import type { AccessClaims, TokenService } from './tokens';
import { SessionActivity } from './session-activity';
import type { OwnedEmployment } from '../employments/owned-employment';
import type { AppUser } from '../users/repository';
import { hasControlCharacter } from '../http/control-characters';
import { COOKIES } from '../http/cookies';
import { HttpError } from '../http/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route of the /api/users/:userId scope naming an :employmentId: its session is checked in
     * the same query as the employment's owner (requireSession), one database round trip fewer.
     */
    sessionWithOwnership?: boolean;
    /**
     * A route answering with the signed-in user's own record: its session is checked in the same
     * query as that record (requireSession), found in request.appUser, one round trip fewer.
     */
    sessionWithAppUser?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user (set by requireSession). */
    session: AccessClaims | null;
    /** The employment named in the path, once requireOwnEmployment has checked it. */
    employment: OwnedEmployment | null;
    /** The signed-in user's app record, when a `sessionWithAppUser` route's session check found it. */
    appUser: AppUser | null;
  }
}

export type Ownership = {
  /** 401 unless the request carries a valid access token of a session that has not ended; sets request.session. */
  requireSession: onRequestAsyncHookHandler;
  /** 403 unless the path parameter `param` is the signed-in user's id. */
  requireOwnUser(param: string): preHandlerHookHandler;
  /** 404 unless `:employmentId` is linked to the signed-in user; sets request.employment. */
  requireOwnEmployment: preHandlerHookHandler;
  /**
   * The one hook of the `/api/users/:userId` scope: 403 unless `:userId` is the signed-in user; then,
   * when the path names an `:employmentId`, 404 unless that employment is theirs.
   */
  requireOwnUserScope: preHandlerHookHandler;
};

export function createOwnership({ db, dialect }: Pick<Db, 'db' | 'dialect'>, tokens: TokenService): Ownership {
  const findOwnedEmployment = ownedEmploymentFinder(db, dialect);
  const findAppUserInLiveSession = appUserInLiveSessionFinder(db, dialect);
  const signedOut = () => new HttpError(401, 'You are signed out. Please sign in again.');
  const activity = new SessionActivity(db);

  const requireSession: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const claims = await tokens.verifySignature(request.cookies[COOKIES.access]);
    if (!claims) throw signedOut();
    const { userId, employmentId } = request.params as Record<string, string | undefined>;
    const config = request.routeOptions.config;
    // An id with a control character is refused (400) after this hook; it must not reach the database.
    const combined = config.sessionWithOwnership && userId === claims.sub && employmentId !== undefined && !hasControlCharacter(employmentId);
    if (combined) {
      // One query for both: the session is live and the employment is this user's. Found, the
      // preHandler need not ask again; not found, which of the two failed decides 401 or (later,
      // after validation, as on every route) 404.
      const owned = await findOwnedEmployment.findInLiveSession(employmentId, claims.sub, claims.sid);
      if (owned) request.employment = owned;
      else if (!(await tokens.isSessionLive(claims.sid))) throw signedOut();
    } else if (config.sessionWithAppUser) {
      // The same for the signed-in user's own record: found, the session is live and the route has
      // its user; not found, the session decides (the route answers a missing record itself).
      const user = await findAppUserInLiveSession(claims.sub, claims.sid);
      if (user) request.appUser = user;
      else if (!(await tokens.isSessionLive(claims.sid))) throw signedOut();
    } else if (!(await tokens.isSessionLive(claims.sid))) {
      throw signedOut();
    }
    request.session = claims;
    // Not awaited: at most one write a minute per session, and the answer never waits for it.
    activity.used(claims.sid).catch((err: unknown) => request.log.warn({ err }, 'last use of the session not recorded'));
  };

  // The checks below are callback hooks: the common case (the user in the path is the session's,
  // the employment already found with the session) waits for nothing, so it costs no promise.
  const checkOwnUser = (request: FastifyRequest, param: string): void => {
    const value = (request.params as Record<string, string | undefined>)[param];
    if (!request.session || value !== request.session.sub) {
      throw new HttpError(403, 'You can only use your own account');
    }
  };

  const requireOwnUser = (param: string): preHandlerHookHandler =>
    function requireOwnUser(request, _reply, done) {
      checkOwnUser(request, param);
      done();
    };

  /** A leaver's employment past its retention period is no longer served: 404 saying so (employments/retention.ts). */
  const keptError = (employment: OwnedEmployment): HttpError | undefined =>
    retentionHasEnded(employment.retainedUntil)
      ? HttpError.coded(404, 'employment.retention_ended', retentionEndedMessage(employment.employerName, employment.retainedUntil!))
      : undefined;

  const requireOwnEmployment: preHandlerHookHandler = function requireOwnEmployment(request, _reply, done) {
    const employmentId = (request.params as Record<string, string | undefined>).employmentId;
    if (!request.session || !employmentId) throw new HttpError(403, 'You can only use your own account');
    // Already found (with the session) by requireSession for this very employment.
    if (request.employment?.id === employmentId) return done(keptError(request.employment));
    findOwnedEmployment.find(employmentId, request.session.sub).then((owned) => {
      // 404, not 403: whether someone else's employment exists is not the caller's business.
      if (!owned) return done(HttpError.coded(404, 'employment.not_found', 'No such employment on your account'));
      request.employment = owned;
      done(keptError(owned));
    }, done);
  };

  const requireOwnUserScope: preHandlerHookHandler = function requireOwnUserScope(request, reply, done) {
    checkOwnUser(request, 'userId');
    if ((request.params as Record<string, string | undefined>).employmentId === undefined) return done();
    requireOwnEmployment.call(this, request, reply, done);
  };

  return { requireSession, requireOwnUser, requireOwnEmployment, requireOwnUserScope };
}
