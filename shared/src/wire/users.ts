// Answers of /api/users: the authorised user, the app's user record and the privacy notice.
import { Type } from '@sinclair/typebox';

export const EmploymentSchema = Type.Object(
  {
    ID: Type.String(),
    name: Type.String({ description: 'The employer' }),
    active: Type.Boolean(),
    endDate: Type.Union([Type.String(), Type.Null()], { description: "'YYYY-MM-DD', or null while active" }),
    retainedUntil: Type.Optional(
      Type.String({
        description:
          "'YYYY-MM-DD', on an ended employment: the last day its payslips and documents are served here (its end date plus the employer's retention period); after it, the employment is no longer listed",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The portal's language a person chose, kept on their account; null until they choose. */
export const UserLanguageSchema = Type.Union([Type.Literal('en'), Type.Literal('cy'), Type.Null()], {
  description: "'en' or 'cy' (Cymraeg), the language the person chose; null until they choose",
});

export const AuthorisedUserSchema = Type.Object(
  {
    userID: Type.String(),
    privacyPolicyAccepted: Type.Boolean(),
    // Optional to the front end: an API released before languages does not send it.
    language: Type.Optional(UserLanguageSchema),
    email: Type.String({ description: 'Where notifications go: the identity e-mail until changed' }),
    employments: Type.Array(EmploymentSchema, {
      description: 'Active first, then by most recent start; an ended one past its retention period is left out',
    }),
  },
  { additionalProperties: false },
);

/** GET /api/users/authorised: a list of one, the signed-in user. */
export const AuthorisedUserListSchema = Type.Array(AuthorisedUserSchema);

/** PATCH /api/users/{userId}. */
export const UserRecordSchema = Type.Object(
  {
    userID: Type.String(),
    privacyPolicyAccepted: Type.Boolean(),
    email: Type.Union([Type.String(), Type.Null()]),
    language: Type.Optional(UserLanguageSchema),
  },
  { additionalProperties: false },
);

export const PrivacyPolicyTextSchema = Type.String({ description: 'The privacy notice as HTML' });

/** The channels a user chose for notices of new payslips and P60s (GET/PUT /api/users/{userId}/notification-preferences). */
export const NotificationPreferencesInputSchema = Type.Object(
  {
    email: Type.Boolean({ description: 'Notices by e-mail, to the notification address' }),
    sms: Type.Boolean({ description: 'Notices by text message, to the mobile number on record' }),
    whatsApp: Type.Boolean({ description: 'Saved now; WhatsApp notices are not sent yet' }),
  },
  { additionalProperties: false },
);

export const NotificationPreferencesSchema = Type.Object(
  {
    email: Type.Boolean(),
    sms: Type.Boolean(),
    whatsApp: Type.Boolean(),
    whatsAppAvailable: Type.Boolean({ description: 'False while WhatsApp notices are coming but not sent' }),
  },
  { additionalProperties: false },
);
