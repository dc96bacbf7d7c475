// GET /api/invitations/{token}: what an employee's invitation link says before they sign in, so the
// landing page can say who invites them and until when. No session: each look-up is counted against
// the client address (30 an hour, as a lender's pack check), and a token is too long to find by
// guessing. The answer names the employer alone; an unknown token and one that was used, withdrawn
// or has expired get the same 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { InvitationSchema } from '@portal/shared/wire/linking';
import type { Deps } from '../deps';
import { PUBLIC, Tag } from '../docs/openapi';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { HttpError, errorResponses } from '../http/errors';
import { InvitationToken } from '../http/validation';
import { londonIsoDate } from '../london-date';
import { Throttle } from '../throttle/throttle';
import { takeOrRefuse } from '../throttle/refuse';
import { invitationLookupCounter } from './invitation-limits';
import { liveInvitation } from './invitation-repository';

export const INVITATION_NOT_LIVE = 'This invitation link is not known, or it has been used, withdrawn or has expired. Ask your employer to send you a new one.';

export const invitationRoute: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  const throttle = new Throttle(db);

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        operationId: 'getInvitation',
        tags: [Tag.linking],
        security: PUBLIC,
        summary: 'Who sent an invitation link and until when it works (no sign-in; 30 look-ups an hour per address)',
        params: Type.Object({ token: InvitationToken('Invitation token from the employer’s message') }),
        response: { 200: EnvelopeSchema(InvitationSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await takeOrRefuse(
        throttle,
        [invitationLookupCounter(request.ip)],
        reply,
        () => new HttpError(429, 'You have opened many invitation links in a short time. Wait an hour, then try again.'),
      );
      const live = await liveInvitation(db, request.params.token);
      if (!live) throw HttpError.coded(404, 'linking.invitation_not_live', INVITATION_NOT_LIVE);
      return envelope({ employerName: live.employerName, expiresOn: londonIsoDate(new Date(live.expiresAt)) });
    },
  );
};
