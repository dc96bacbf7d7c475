// Providers' delivery callbacks: GOV.UK Notify's (JSON, with the bearer token set in Notify's
// settings) and Twilio's status callbacks (a form, signed with X-Twilio-Signature). Each moves the
// message's delivery record forward; a late or repeated report never moves it back. An id we never
// sent is 404 and changes nothing. Not in the OpenAPI document: only the providers call these.
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import twilio from 'twilio';
import type { Deps } from '../deps';
import type { DeliveryState } from '../db/schema';
import { HttpError } from '../http/errors';
import { safeEqual } from '../secrets';
import { reportDelivery } from './delivery-repository';
import { NOTIFY_DELIVERY_PATH, TWILIO_STATUS_PATH } from './transports';

const NOTIFY_STATES: Record<string, DeliveryState> = {
  created: 'sent',
  sending: 'sent',
  pending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  'permanent-failure': 'failed_permanent',
  'temporary-failure': 'failed_temporary',
  'technical-failure': 'failed_temporary',
};

const TWILIO_STATES: Record<string, DeliveryState> = {
  accepted: 'sent',
  scheduled: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  partially_delivered: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed_temporary',
  failed: 'failed_permanent',
  canceled: 'failed_permanent',
};

/** Twilio's errors for a number that will never take a text (unknown, a landline, blocked, opted out). */
const TWILIO_PERMANENT_ERRORS = new Set(['21211', '21610', '21614', '30004', '30005', '30006']);

const NotifyCallback = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    reference: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    status: Type.String({ maxLength: 40 }),
  },
  { additionalProperties: true },
);

const TwilioCallback = Type.Object(
  {
    MessageSid: Type.String({ minLength: 1, maxLength: 64 }),
    MessageStatus: Type.String({ maxLength: 40 }),
    ErrorCode: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: true },
);

export const deliveryHookRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, config }) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const { notify, twilio: twilioConfig, hooksUrl } = config.delivery;

  app.post(NOTIFY_DELIVERY_PATH, { schema: { hide: true, body: NotifyCallback } }, async (request, reply) => {
    const token = notify?.callbackToken;
    if (!token || !safeEqual(request.headers.authorization ?? '', `Bearer ${token}`)) throw new HttpError(401, 'The callback token is missing or wrong');
    const { id, reference, status } = request.body;
    const state = NOTIFY_STATES[status];
    if (!state) throw new HttpError(400, `Unknown status "${status}"`);
    const reason = state === 'failed_permanent' || state === 'failed_temporary' ? `Notify: ${status}` : null;
    const outcome = await reportDelivery(db, 'notify', id, reference ?? null, state, reason);
    if (outcome === 'unknown') throw new HttpError(404, 'No such message');
    return reply.status(204).send();
  });

  app.post(
    TWILIO_STATUS_PATH,
    { schema: { hide: true, body: TwilioCallback, querystring: Type.Object({ delivery: Type.Optional(Type.String({ maxLength: 64 })) }) } },
    async (request, reply) => {
      const signature = request.headers['x-twilio-signature'];
      // The URL Twilio called, as it saw it: the public origin we gave it, and the path and query.
      const url = `${hooksUrl ?? `${request.protocol}://${request.host}`}${request.url}`;
      const valid =
        twilioConfig !== null &&
        typeof signature === 'string' &&
        twilio.validateRequest(twilioConfig.authToken, signature, url, request.body as Record<string, unknown>);
      if (!valid) throw new HttpError(403, 'The request signature is missing or wrong');
      const { MessageSid, MessageStatus, ErrorCode } = request.body;
      let state = TWILIO_STATES[MessageStatus];
      if (!state) throw new HttpError(400, `Unknown status "${MessageStatus}"`);
      if (state === 'failed_temporary' && ErrorCode && TWILIO_PERMANENT_ERRORS.has(ErrorCode)) state = 'failed_permanent';
      const reason =
        state === 'failed_permanent' || state === 'failed_temporary' ? `Twilio: ${MessageStatus}${ErrorCode ? ` (error ${ErrorCode})` : ''}` : null;
      const outcome = await reportDelivery(db, 'twilio', MessageSid, request.query.delivery ?? null, state, reason);
      if (outcome === 'unknown') throw new HttpError(404, 'No such message');
      return reply.status(204).send();
    },
  );
};
