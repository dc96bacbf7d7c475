// The OpenAPI document the API serves (/api/docs/openapi.json): what payroll software and other clients
// generate their code from. Routes state their own operationId, tag and (when public) `security: []`;
// the rules here hold for the whole document. docs/architecture.md "Wire contract" says what it guarantees.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { Config } from '../config';
import { COOKIES } from '../http/cookies';

/** Each operation's one tag: the area it belongs to, in the order a reader meets them. */
export const Tag = {
  signIn: 'Sign-in',
  account: 'Account',
  users: 'Users',
  identity: 'Identity',
  linking: 'Linking',
  employments: 'Employments',
  files: 'Files',
  packChecks: 'Pack checks',
  notifications: 'Notifications',
  payrollQuestions: 'Payroll questions',
  passkeys: 'Passkeys',
  employerApi: 'Employer API',
  employerConsole: 'Employer console',
  health: 'Health',
  documentation: 'Documentation',
  development: 'Development',
} as const;

const TAG_DESCRIPTIONS: Record<(typeof Tag)[keyof typeof Tag], string> = {
  'Sign-in': 'The sign-in service (FusionAuth hosted-backend protocol) and its pages: signing in and out, registering, resetting a password',
  Account:
    'The signed-in user’s account: its pages (changing the password, confirming or undoing an email address change), and in Settings two-step sign-in, the sessions and the sign-in history',
  'Payroll questions': 'Questions an employee asks their employer’s payroll team about a line of a payslip, and the answers',
  Users: 'The signed-in user’s record and privacy notice (`/api/users/...`)',
  Identity: 'The identity user in FusionAuth’s shape (`/api/user/{sub}`)',
  Linking: 'Linking the account to an employment record with a one-time code',
  Employments: 'What an employment holds: payslips, pay documents, updates and shared documents',
  Files: 'PDF downloads and bundles (a tax year’s ZIP, proof of income)',
  'Pack checks': 'A lender checks a proof-of-income pack, without signing in: its code and file against the pack issued',
  Notifications: 'The channels for notices of new payslips and P60s',
  Passkeys: 'The signed-in user’s passkeys: adding one, listing, renaming and removing them',
  'Employer API': 'The employers’ publishing API, called by payroll software with an employer API key',
  'Employer console': 'An employer’s admins: inviting employees, following their linking, unlocking records, the audit log and the admins',
  Health: 'Liveness and database reachability',
  Documentation: 'This document',
  Development: 'The local outbox (not in production)',
};

/** `security` of an operation anyone may call: no session cookie, no key. */
export const PUBLIC: [] = [];

/** Every 429 says when to try again (http/retry-after.ts): whole seconds, at least 1. */
const RETRY_AFTER = {
  description: 'Seconds to wait before trying again',
  schema: { type: 'integer', minimum: 1 },
};

type Responses = Record<string, { description?: string; headers?: Record<string, unknown> }>;
type Document = { paths?: Record<string, Record<string, { responses?: Responses }>> };

/** Adds the Retry-After header to every documented 429: a limit's refusal always carries it. */
export function withRetryAfter<T extends object>(doc: T): T {
  for (const methods of Object.values((doc as Document).paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const tooMany = operation.responses?.['429'];
      if (!tooMany) continue;
      tooMany.headers = { ...tooMany.headers, 'Retry-After': RETRY_AFTER };
      if (!tooMany.description || tooMany.description === 'Default Response') tooMany.description = 'Too many requests: a limit refused this one';
    }
  }
  return doc;
}

/** @fastify/swagger's options: the document's frame, and the rules every operation follows. */
export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pay portal API',
        version: '1.0.0',
        description:
          'Sign-in (FusionAuth hosted-backend protocol), identity users, the application API and the employers’ publishing API. See docs/api-contract.md.',
      },
      // Where the API is served: PUBLIC_URL when set, else relative to where this document was fetched.
      servers: [{ url: config.publicUrl ?? '/' }],
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: COOKIES.access, description: 'The session, set by signing in (`GET /app/callback/`)' },
          refreshToken: { type: 'apiKey', in: 'cookie', name: COOKIES.refresh, description: 'The refresh token, set with the session' },
          employerKey: { type: 'http', scheme: 'bearer', description: 'An employer API key (`pnpm --filter api employer-key create <employerId>`)' },
        },
      },
      security: [{ session: [] }],
    },
    // A browser page of the sign-in service answers its errors as an HTML page when asked for text/html
    // (http/errors.ts); `x-page` says so to clients such as the reliability suite's fuzzer.
    transform: ({ schema, url, route }) => ({ schema: route.config?.page ? { ...schema, 'x-page': true } : schema, url }),
    transformObject: (documentObject) => ('openapiObject' in documentObject ? withRetryAfter(documentObject.openapiObject) : documentObject.swaggerObject),
    // OpenAPI 3.1 schemas are JSON Schema 2020-12: `const`, `type: 'null'` and `contentSchema` (the JSON
    // inside an envelope's text) are served as @portal/shared/wire writes them.
    convertConstToEnum: false,
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  };
}
