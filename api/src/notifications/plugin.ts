// GET and PUT /api/users/{userId}/notification-preferences: the channels the notification
// preferences screen saves (inside the /api/users/:userId scope, whose hook checks ownership).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { NotificationPreferencesInputSchema, NotificationPreferencesSchema } from '@portal/shared/wire/users';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { HttpError, errorResponses } from '../http/errors';
import { Id } from '../http/validation';
import { WHATSAPP_AVAILABLE, findPreferences, savePreferences, savePreferencesKeepingWhatsApp } from './preferences-repository';
import { Tag } from '../docs/openapi';

const params = Type.Object({ userId: Id('The signed-in user id') });

/** Turning WhatsApp on while it is not available: refused, with a code the screen can tell apart. */
const whatsAppUnavailable = () =>
  HttpError.coded(400, 'notifications.channel_unavailable', 'WhatsApp notifications are not available yet, so they cannot be turned on.');

export const notificationRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  app.get(
    '/notification-preferences',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        tags: [Tag.notifications],
        summary: 'The channels the user chose for notices of new payslips and P60s (e-mail only until saved)',
        params,
        response: { 200: EnvelopeSchema(NotificationPreferencesSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => envelope({ ...(await findPreferences(db, request.params.userId)), whatsAppAvailable: WHATSAPP_AVAILABLE }),
  );

  app.put(
    '/notification-preferences',
    {
      schema: {
        operationId: 'saveNotificationPreferences',
        tags: [Tag.notifications],
        summary:
          'Save the channels for notices of new payslips and P60s. While WhatsApp is not available, turning it on is refused (400 notifications.channel_unavailable); an earlier choice is kept, not sent',
        params,
        body: NotificationPreferencesInputSchema,
        response: { 200: EnvelopeSchema(NotificationPreferencesSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      if (WHATSAPP_AVAILABLE) await savePreferences(db, request.params.userId, request.body);
      else if (!(await savePreferencesKeepingWhatsApp(db, request.params.userId, request.body))) throw whatsAppUnavailable();
      return envelope({ ...(await findPreferences(db, request.params.userId)), whatsAppAvailable: WHATSAPP_AVAILABLE });
    },
  );
};
