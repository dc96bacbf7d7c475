// What this API adds to Fastify's route config for every route (auth/ownership.ts adds the session's).
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A browser page: errors render as HTML when the browser asks for it. */
    page?: boolean;
    /** Media types a route under /api takes besides JSON (lower case, no parameters). */
    bodyTypes?: string[];
  }
}

export {};
