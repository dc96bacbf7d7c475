// Answers of the linking-code calls under /api/users/{userId}.
import { Type } from '@sinclair/typebox';
import { EmploymentSchema } from '@portal/shared/wire/users';

/** Either send call: the same answer whether or not a record matched. */
export const LinkingCodeSentSchema = Type.Object({ sent: Type.Literal(true) }, { additionalProperties: false });

/** GET .../linking_code/{code}. */
export const LinkingConfirmationSchema = Type.Object({ externalEmploymentID: Type.String() }, { additionalProperties: false });

/** POST .../linking_code/{code}: the user's employments as JSON text (the front end reads its length). */
export const FinalizeResultSchema = Type.String({
  contentMediaType: 'application/json',
  contentSchema: Type.Array(EmploymentSchema),
  description: 'JSON text of Employment[]',
});

/**
 * GET .../linking_code_request: the user's newest code request, so the link page comes back after a
 * reload. Never the code, and the same whether or not a record matched (no account enumeration).
 */
export const LinkingCodeRequestSchema = Type.Object(
  {
    pending: Type.Boolean({ description: 'A code was asked for less than 10 minutes ago and has tries left' }),
    channel: Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Null()], {
      description: 'How the pending code was sent (null: none pending, or not known)',
    }),
    expiresInSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Seconds until the pending code expires' }),
    triesLeft: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Wrong tries the pending code has left' }),
    resendInSeconds: Type.Integer({ minimum: 0, description: 'Seconds until another code may be asked for (0: now)' }),
  },
  { additionalProperties: false },
);

/**
 * GET /api/invitations/{token}: what an employee's invitation link says before they sign in: who
 * invites them and until when. Nothing of the person; one answer (404) for any token that is not live.
 */
export const InvitationSchema = Type.Object(
  {
    employerName: Type.String({ description: 'The employer who sent the invitation' }),
    expiresOn: Type.String({ description: 'The day the invitation expires (YYYY-MM-DD, UK time)' }),
  },
  { additionalProperties: false },
);
