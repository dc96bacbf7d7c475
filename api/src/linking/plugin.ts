// /api/users/{userId}/linking_code...: ask for a code (by e-mail or invitation + phone), read the
// pending request back (after a reload), confirm the code, and finalize (identity check, link).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FinalizeResultSchema, LinkingCodeRequestSchema, LinkingCodeSentSchema, LinkingConfirmationSchema } from '@portal/shared/wire/linking';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses } from '../http/errors';
import { Email, Id, InvitationToken, NI_PATTERN, PHONE_PATTERN } from '../http/validation';
import { LinkingService } from './service';
import { Tag } from '../docs/openapi';

const UserId = Id('The signed-in user id');
const Code = Type.String({ pattern: '^[0-9]{6}$', 'x-message': 'must be the 6-digit linking code', description: 'The 6-digit linking code' });

const FinalizeBody = Type.Object(
  {
    NINumber: Type.String({
      maxLength: 20,
      pattern: NI_PATTERN,
      'x-message': 'must be a National Insurance number like QQ 12 34 56 C',
      description: 'National Insurance number (case and spaces ignored)',
    }),
    bankAccount: Type.String({
      pattern: '^[0-9]{4}$',
      'x-message': 'must be the last 4 digits of your bank account',
      description: 'Last 4 digits of the bank account',
    }),
    dob: Type.String({
      maxLength: 10,
      pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$',
      'x-message': 'must be a date written as MM/DD/YYYY',
      description: 'Date of birth, MM/DD/YYYY',
    }),
    externalEmploymentID: Id('From the confirm call'),
    code: Code,
  },
  { additionalProperties: false },
);

export const linkingRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, database, config, messages, afterAnswer }) => {
  const linking = new LinkingService(db, database.dialect, config.tokenSecret, messages, afterAnswer);

  const sentResponse = { 200: EnvelopeSchema(LinkingCodeSentSchema), ...errorResponses(400, 401, 403, 429) };

  app.get(
    '/linking_code_email/:email',
    {
      schema: {
        operationId: 'sendLinkingCodeByEmail',
        tags: [Tag.linking],
        summary: 'Send a linking code to the employment record(s) with this contact e-mail',
        params: Type.Object({ userId: UserId, email: Email('The e-mail address your employer has for you') }),
        response: sentResponse,
      },
    },
    async (request) => envelope(await linking.requestCode(request.session!.sub, { kind: 'email', email: request.params.email })),
  );

  app.get(
    '/linking_code_id/:token/:phoneNumber',
    {
      schema: {
        operationId: 'sendLinkingCodeByText',
        tags: [Tag.linking],
        summary: 'Send a linking code by text to the record the invitation token names, if the phone number matches',
        params: Type.Object({
          userId: UserId,
          token: InvitationToken('Invitation token from the employer’s text message'),
          phoneNumber: Type.String({
            pattern: PHONE_PATTERN,
            'x-message': 'must be a phone number like 07700 900123',
            description: 'The mobile number the employer has for you',
          }),
        }),
        response: sentResponse,
      },
    },
    async (request) =>
      envelope(await linking.requestCode(request.session!.sub, { kind: 'invitation', token: request.params.token, phone: request.params.phoneNumber })),
  );

  app.get(
    '/linking_code_request',
    {
      schema: {
        operationId: 'getLinkingCodeRequest',
        tags: [Tag.linking],
        summary:
          'The signed-in user’s newest code request (read only): whether a code is pending, how it was sent, when another may be asked for; never the code',
        params: Type.Object({ userId: UserId }),
        response: { 200: EnvelopeSchema(LinkingCodeRequestSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => envelope(await linking.pendingRequest(request.session!.sub)),
  );

  app.get(
    '/linking_code/:code',
    {
      schema: {
        operationId: 'confirmLinkingCode',
        tags: [Tag.linking],
        summary: 'Confirm a linking code; answers the record it links',
        params: Type.Object({ userId: UserId, code: Code }),
        response: { 200: EnvelopeSchema(LinkingConfirmationSchema), ...errorResponses(400, 401, 403, 409, 423, 429) },
      },
    },
    async (request) => envelope(await linking.confirm(request.session!.sub, request.params.code)),
  );

  app.post(
    '/linking_code/:code',
    {
      schema: {
        operationId: 'finalizeLinking',
        tags: [Tag.linking],
        summary: 'Finalize: check identity against the record and link it; data is the JSON text of the user’s Employment[]',
        params: Type.Object({ userId: UserId, code: Code }),
        body: FinalizeBody,
        response: { 200: EnvelopeSchema(FinalizeResultSchema), ...errorResponses(400, 401, 403, 409, 423, 429) },
      },
    },
    async (request) => envelope(JSON.stringify(await linking.finalize(request.session!.sub, request.params.code, request.body))),
  );
};
