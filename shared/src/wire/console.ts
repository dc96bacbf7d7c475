// Answers of the employer console's calls (`/api/employer-console`, `/api/employers/{employerId}/...`,
// `/api/admin-invitations/{token}`): an employer's admins invite their employees, follow each
// record's linking, unlock records, read the audit log and invite further admins.
import { Type } from '@sinclair/typebox';

const Iso = (description: string) => Type.String({ description: `${description} (ISO 8601, UTC)` });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const LinkStateSchema = Type.Union(
  [Type.Literal('not_invited'), Type.Literal('invited'), Type.Literal('code_sent'), Type.Literal('linked'), Type.Literal('locked'), Type.Literal('ended')],
  { description: 'Where the record stands (first that holds: ended, linked, locked, code_sent, invited, not_invited)' },
);

export const InvitationChannelSchema = Type.Union([Type.Literal('email'), Type.Literal('sms')]);

/** GET /api/employer-console. */
export const ConsoleHomeSchema = Type.Object(
  {
    employers: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false }), {
      description: 'The employers the signed-in account is an admin of',
    }),
    secondStep: Type.Boolean({ description: 'This session passed its second step (the console needs it)' }),
  },
  { additionalProperties: false },
);

export const EmployeeRowSchema = Type.Object(
  {
    id: Type.String({ description: 'The record id (employmentId)' }),
    externalId: Type.String({ description: 'The employer’s own id for the record' }),
    name: Type.String(),
    email: Nullable(Type.String({ description: 'The contact e-mail the employer gave' })),
    mobile: Nullable(Type.String({ description: 'The mobile number, masked: 07••• •••123' })),
    hasMobile: Type.Boolean(),
    state: LinkStateSchema,
    startDate: Type.String({ description: 'YYYY-MM-DD' }),
    endDate: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
    invitation: Type.Union(
      [
        Type.Object(
          { channel: InvitationChannelSchema, sentAt: Iso('When it was last sent'), expiresAt: Iso('When it stops working') },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'The live invitation (unused, not revoked, unexpired), if any' },
    ),
    failedChecks: Type.Integer({ minimum: 0, description: 'Failed identity checks since the record was last unlocked or linked' }),
  },
  { additionalProperties: false },
);

/** GET /api/employers/{employerId}/employees. */
export const EmployeePageSchema = Type.Object(
  {
    employees: Type.Array(EmployeeRowSchema),
    total: Type.Integer({ minimum: 0, description: 'Records matching q and state, on every page' }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 200 }),
  },
  { additionalProperties: false },
);

export const EventKindSchema = Type.Union([
  Type.Literal('invited'),
  Type.Literal('invitation_resent'),
  Type.Literal('invitation_revoked'),
  Type.Literal('code_sent'),
  Type.Literal('identity_check_failed'),
  Type.Literal('locked'),
  Type.Literal('linked'),
  Type.Literal('unlocked'),
]);

const Person = Type.Object({ name: Type.String(), email: Type.String() }, { additionalProperties: false });

/** GET /api/employers/{employerId}/employees/{employmentId}/history. */
export const EmployeeHistorySchema = Type.Object(
  {
    employee: EmployeeRowSchema,
    events: Type.Array(
      Type.Object(
        {
          at: Iso('When it happened'),
          kind: EventKindSchema,
          channel: Type.Union([InvitationChannelSchema, Type.Null()]),
          by: Type.Union([Person, Type.Null()], { description: 'The admin who did it, or the account that linked; null otherwise' }),
          reason: Nullable(Type.String({ description: 'Why (an unlock’s reason)' })),
        },
        { additionalProperties: false },
      ),
      { description: 'Newest first; never a code or a token' },
    ),
  },
  { additionalProperties: false },
);

export const SkipReasonSchema = Type.Union([
  Type.Literal('no_mobile'),
  Type.Literal('no_email'),
  Type.Literal('linked'),
  Type.Literal('ended'),
  Type.Literal('locked'),
  Type.Literal('already_invited'),
]);

/** POST /api/employers/{employerId}/invitations. */
export const InvitationResultSchema = Type.Object(
  {
    invited: Type.Array(Type.String(), { description: 'The records invited (employment ids)' }),
    skipped: Type.Array(Type.Object({ id: Type.String(), reason: SkipReasonSchema }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const ResentSchema = Type.Object({ sentAt: Iso('When it was sent again') }, { additionalProperties: false });
export const RevokedSchema = Type.Object({ revoked: Type.Literal(true) }, { additionalProperties: false });
export const UnlockedSchema = Type.Object({ unlocked: Type.Literal(true) }, { additionalProperties: false });

export const AuditActionSchema = Type.Union([
  Type.Literal('invite'),
  Type.Literal('resend'),
  Type.Literal('revoke'),
  Type.Literal('unlock'),
  Type.Literal('publish'),
  Type.Literal('upload'),
  Type.Literal('key_created'),
  Type.Literal('key_revoked'),
  Type.Literal('admin_invited'),
  Type.Literal('update_posted'),
  Type.Literal('question_answered'),
]);

export const AuditEntrySchema = Type.Object(
  {
    id: Type.String(),
    at: Iso('When'),
    actor: Person,
    action: AuditActionSchema,
    records: Type.Array(Type.String(), { description: 'The records acted on, by the employer’s own ids' }),
    detail: Type.String(),
    address: Type.String({ description: 'The address the request came from' }),
  },
  { additionalProperties: false },
);

/** GET /api/employers/{employerId}/audit. */
export const AuditPageSchema = Type.Object(
  {
    entries: Type.Array(AuditEntrySchema, { description: 'Newest first' }),
    next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `before` for the next page; null: no more' }),
  },
  { additionalProperties: false },
);

/** An employer API key as the console lists it: never its secret. */
export const ConsoleKeySchema = Type.Object(
  {
    id: Type.String({ description: 'The key’s id (the part of the key before the dot)' }),
    prefix: Type.String({ description: 'The first 8 characters of the key as it was shown once' }),
    name: Nullable(Type.String({ description: 'The name the admin gave it' })),
    createdAt: Iso('When it was made'),
    lastUsedAt: Nullable(Iso('When a call to the employer API last used it (kept to the minute)')),
    revokedAt: Nullable(Iso('When it was revoked')),
    createdBy: Type.Union([Person, Type.Null()], { description: 'The admin who made it; null for a key made on the API’s machine' }),
  },
  { additionalProperties: false },
);

/** GET /api/employers/{employerId}/keys. */
export const ConsoleKeyListSchema = Type.Object({ keys: Type.Array(ConsoleKeySchema, { description: 'Newest first' }) }, { additionalProperties: false });

/** POST /api/employers/{employerId}/keys. */
export const ConsoleKeyCreatedSchema = Type.Object(
  {
    key: ConsoleKeySchema,
    secret: Type.String({ description: 'The whole key, for the payroll software: shown this once, never again' }),
  },
  { additionalProperties: false },
);

/** POST /api/employers/{employerId}/updates. */
export const UpdatePostedSchema = Type.Object(
  { id: Type.String({ description: 'The update’s id (as staff’s Recent updates list it)' }), createdAt: Iso('When it was posted') },
  { additionalProperties: false },
);

export const MessageKindSchema = Type.Union([Type.Literal('invitation'), Type.Literal('code'), Type.Literal('unlocked'), Type.Literal('notice')]);
export const DeliveryStateSchema = Type.Union([
  Type.Literal('queued'),
  Type.Literal('sent'),
  Type.Literal('delivered'),
  Type.Literal('failed_permanent'),
  Type.Literal('failed_temporary'),
]);

/** GET /api/employers/{employerId}/employees/{employmentId}/messages. */
export const RecordMessagesSchema = Type.Object(
  {
    messages: Type.Array(
      Type.Object(
        {
          at: Iso('When it was handed to the provider'),
          channel: InvitationChannelSchema,
          kind: MessageKindSchema,
          state: DeliveryStateSchema,
          reason: Nullable(Type.String({ description: 'Why it failed, as the provider said (never the address or number)' })),
          provider: Type.String({ description: 'Who carried it: notify, twilio, smtp, or outbox (development: written, not sent)' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Newest first; never a body, a code or a token' },
    ),
  },
  { additionalProperties: false },
);

/** GET /api/employers/{employerId}/admins. */
export const AdminListSchema = Type.Object(
  {
    admins: Type.Array(Type.Object({ name: Type.String(), email: Type.String(), since: Iso('Admin since') }, { additionalProperties: false })),
    invitations: Type.Array(
      Type.Object({ email: Type.String(), sentAt: Iso('When it was sent'), expiresAt: Iso('When it stops working') }, { additionalProperties: false }),
      { description: 'Invitations not yet accepted, still live' },
    ),
  },
  { additionalProperties: false },
);

export const AdminInvitedSchema = Type.Object({ invited: Type.Literal(true) }, { additionalProperties: false });

/** POST /api/admin-invitations/{token}. */
export const AdminInvitationAcceptedSchema = Type.Object(
  { employer: Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false }) },
  { additionalProperties: false },
);

/** A problem a preview found: its row (1-based data row of a CSV, item index + 1 in JSON) and field, when it has them. */
export const UploadProblemSchema = Type.Object(
  {
    row: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    field: Type.Union([Type.String(), Type.Null()]),
    message: Type.String(),
  },
  { additionalProperties: false },
);

/** POST /api/employers/{employerId}/pay-runs/preview. */
export const PayRunPreviewSchema = Type.Object(
  {
    uploadId: Type.String({ description: 'Pass to …/pay-runs/publish within the hour' }),
    format: Type.Union([Type.Literal('json'), Type.Literal('csv')]),
    payRunId: Type.Union([Type.String(), Type.Null()]),
    totals: Type.Object(
      { employees: Type.Integer({ minimum: 0 }), grossPence: Type.Integer(), netPence: Type.Integer() },
      { additionalProperties: false, description: 'Of the payslips that could be read' },
    ),
    problems: Type.Array(UploadProblemSchema, { description: 'Empty when it can be published' }),
    publishable: Type.Boolean(),
    alreadyPublished: Type.Boolean({ description: 'This very pay run is already published: publishing it changes nothing' }),
  },
  { additionalProperties: false },
);

/** POST /api/employers/{employerId}/pay-runs/publish. */
export const PayRunPublishedSchema = Type.Object(
  {
    payRunId: Type.String(),
    payslips: Type.Integer({ minimum: 0 }),
    unchanged: Type.Boolean({ description: 'It was all published already: nothing changed' }),
  },
  { additionalProperties: false },
);

export const ConsoleDocumentTypeSchema = Type.Union([Type.Literal('P60'), Type.Literal('P45'), Type.Literal('P11D'), Type.Literal('PensionLetter')]);

/** POST /api/employers/{employerId}/documents/preview. */
export const DocumentsPreviewSchema = Type.Object(
  {
    uploadId: Type.String({ description: 'Pass to …/documents/publish within the hour' }),
    files: Type.Array(
      Type.Object(
        {
          name: Type.String(),
          employeeId: Type.Union([Type.String(), Type.Null()]),
          employeeName: Type.Union([Type.String(), Type.Null()]),
          type: Type.Union([ConsoleDocumentTypeSchema, Type.Null()]),
          taxYear: Type.Union([Type.String(), Type.Null()]),
          problem: Type.Union([Type.String(), Type.Null()]),
        },
        { additionalProperties: false },
      ),
    ),
    publishable: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** POST /api/employers/{employerId}/documents/publish. */
export const DocumentsPublishedSchema = Type.Object(
  {
    published: Type.Integer({ minimum: 0, description: 'Documents stored by this call' }),
    unchanged: Type.Integer({ minimum: 0, description: 'Documents already stored with the same file' }),
  },
  { additionalProperties: false },
);
