// Builds the API: opens, migrates and (when empty) seeds the database, then registers one plugin
// per concern. Tests call buildApp() and use fastify.inject; main.ts calls it and listens.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import type { Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { isSeeded, seedDemoData } from './db/seed';
import type { Deps } from './deps';
import { TokenService } from './auth/tokens';
import { authRoutes } from './auth/plugin';
import { accountSecurityRoutes } from './auth/account-security-routes';
import { passkeyRoutes } from './auth/passkey-routes';
import { identityRoutes } from './identity/plugin';
import { sessionUserRoutes, userRoutes } from './users/plugin';
import { linkingRoutes } from './linking/plugin';
import { employmentsRoutes } from './employments/plugin';
import { forecastRoute } from './employments/forecast-route';
import { filesRoutes } from './files/plugin';
import { employerApiRoutes } from './employer-api/plugin';
import { employerConsoleRoutes } from './employer-console/plugin';
import { outboxRoutes } from './messages/outbox-routes';
import { notificationRoutes } from './notifications/plugin';
import { payrollQuestionRoutes } from './payroll-questions/plugin';
import { passwordChangeRoutes } from './auth/password-change-route';
import { personalDataRoutes } from './personal-data/plugin';
import { accountClosedPageRoute } from './personal-data/closed-page-route';
import { packCheckRoutes } from './pack-checks/plugin';
import { invitationRoute } from './linking/invitation-route';
import { NotificationSender, pollNotifications } from './notifications/sender';
import { accountAlertSender, pollAccountAlerts } from './identity/account-alerts';
import { MessageService } from './messages/transport';
import { buildTransports } from './messages/transports';
import { deliveryHookRoutes } from './messages/hooks-routes';
import { AfterAnswer } from './jobs/after-answer';
import { healthRoutes } from './health';
import { createOwnership } from './auth/ownership';
import { requirePortalOrigin } from './http/origin';
import { ErrorBody, clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './http/errors';
import { installControlCharacterCheck } from './http/control-characters';
import { installSecurityHeaders, securityHeaders } from './http/security-headers';
import { loggerOptions } from './http/logging';
import { PUBLIC, Tag, openApiOptions } from './docs/openapi';
import { formatValidationError } from './http/validation-errors';
import { AJV_OPTIONS } from './http/ajv-options';
import './http/fastify-types';

export type BuildOptions = {
  config?: Config;
  /** An already open database (tests open one per file); otherwise opened from config. */
  database?: Db;
  /** Where logs go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
};

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, pgTimeouts: config.pgTimeouts }));

  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 300 },
    ajv: { customOptions: { ...AJV_OPTIONS, keywords: [...AJV_OPTIONS.keywords] } },
    schemaErrorFormatter: formatValidationError,
    // Errors found before any route runs (a bad % escape, an over-long path part, malformed HTTP)
    // get the same `{ status, error }` shape as the rest.
    frameworkErrors: frameworkErrorHandler(securityHeaders(config)),
    clientErrorHandler: clientErrorHandler(securityHeaders(config)),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onClose', async () => {
    await database.close();
  });
  if (config.accessTokenTtlSeconds <= 20) {
    // The SDK refreshes 10 s before expiry: a shorter life means a refresh every few seconds.
    app.log.warn({ accessTokenTtlSeconds: config.accessTokenTtlSeconds }, 'access tokens live 20 s or less: the sign-in SDK will refresh almost continuously');
  }

  try {
    const applied = await migrateToLatest(database);
    if (applied.length) app.log.info({ migrations: applied, dialect: database.dialect }, 'database migrated');
    if (config.seedDemoData && !(await isSeeded(database.db))) {
      await seedDemoData(database.db, config.passwordCost);
      app.log.info('demo data seeded');
    }
  } catch (err) {
    await app.close();
    throw err;
  }

  app.decorateRequest('session', null);
  app.decorateRequest('employment', null);
  app.decorateRequest('appUser', null);
  app.decorateRequest('ownedFile', null);
  app.addSchema(ErrorBody);

  await app.register(swagger, openApiOptions(config));
  await app.register(cookie);
  installErrorHandling(app);
  installSecurityHeaders(app, config);
  installControlCharacterCheck(app);

  const tokens = new TokenService(database.db, config);
  const transports = buildTransports(config, database.db, app.log);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    tokens,
    ownership: createOwnership(database, tokens),
    messages: new MessageService(transports.email, transports.sms, app.log),
    afterAnswer: new AfterAnswer(app.log),
  };
  // Notices of new payslips and P60s, queued by their publication, sent after its commit.
  if (config.notificationPollMs > 0) {
    const sender = new NotificationSender(database.db, transports, app.log);
    const stopPolling = pollNotifications(sender, config.notificationPollMs, app.log);
    app.addHook('preClose', stopPolling); // before the database closes
  }
  // Account alerts queued with their change and not yet sent after its answer (identity/account-alerts.ts).
  if (config.notificationPollMs > 0)
    app.addHook('preClose', pollAccountAlerts(accountAlertSender(config, database.db, deps.messages, app.log), config.notificationPollMs, app.log));
  app.addHook('onClose', async () => {
    await deps.afterAnswer.flush();
    await deps.messages.flush();
    transports.email.close?.();
    transports.sms.close?.();
  });

  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(accountClosedPageRoute, deps);
  // A lender checks a proof-of-income pack: public pages, no session.
  await app.register(packCheckRoutes, deps);
  // An invitation link's landing page asks who sent it, before sign-in.
  await app.register(invitationRoute, deps);
  app.get(
    '/api/docs/openapi.json',
    { schema: { operationId: 'getOpenApiDocument', tags: [Tag.documentation], summary: 'This OpenAPI document', security: PUBLIC } },
    async () => app.swagger(),
  );

  // Everything else under /api comes from the portal's pages and needs a session; the
  // /api/users/:userId scope's hook then checks ownership.
  await app.register(
    async (api) => {
      api.addHook('onRequest', requirePortalOrigin(config));
      api.addHook('onRequest', deps.ownership.requireSession);
      await api.register(sessionUserRoutes, { ...deps, prefix: '/users' });
      // Every /api/users/:userId route, in one scope with one ownership hook: the user in the path
      // must be the session's, and an employment in the path must be theirs.
      await api.register(
        async (user) => {
          user.addHook('preHandler', deps.ownership.requireOwnUserScope);
          // Routes naming an employment check their session in the same query as its owner.
          user.addHook('onRoute', (route) => {
            if (route.url.includes(':employmentId')) route.config = { ...route.config, sessionWithOwnership: true };
          });
          await user.register(userRoutes, deps);
          await user.register(accountSecurityRoutes, deps);
          await user.register(linkingRoutes, deps);
          await user.register(employmentsRoutes, { ...deps, prefix: '/employments/:employmentId' });
          await user.register(forecastRoute, { ...deps, prefix: '/employments/:employmentId' });
          await user.register(filesRoutes, deps);
          await user.register(notificationRoutes, deps);
          await user.register(payrollQuestionRoutes, deps);
          await user.register(passwordChangeRoutes, deps);
          await user.register(passkeyRoutes, deps);
          await user.register(personalDataRoutes, deps);
        },
        { prefix: '/users/:userId' },
      );
      await api.register(identityRoutes, { ...deps, prefix: '/user' });
      // The employer console: its own hook checks admin access and the session's second step.
      await api.register(employerConsoleRoutes, deps);
    },
    { prefix: '/api' },
  );

  // Providers' delivery reports (GOV.UK Notify, Twilio): their own token or signature, no session.
  await app.register(deliveryHookRoutes, deps);

  // Payroll software publishing an employer's data: its own scope and key, no session.
  await app.register(employerApiRoutes, { ...deps, prefix: '/employer-api/v1' });

  if (config.devOutbox) await app.register(outboxRoutes, deps);
  return app;
}
