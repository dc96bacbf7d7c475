// What this API adds to Fastify's request and route config.
import type { AccessClaims } from '../auth/tokens';
import type { OwnedEmployment } from './ownership';
import type { AppUser } from '../users/repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A browser page: errors render as HTML when the browser asks for it. */
    page?: boolean;
    /**
     * A route of the /api/users/:userId scope naming an :employmentId: its session is checked in
     * the same query as the employment's owner (http/ownership.ts), one database round trip fewer.
     */
    sessionWithOwnership?: boolean;
    /**
     * A route answering with the signed-in user's own record: its session is checked in the same
     * query as that record (http/ownership.ts), found in request.appUser, one round trip fewer.
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

export {};
