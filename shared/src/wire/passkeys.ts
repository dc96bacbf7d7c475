// Answers of /api/users/{userId}/passkeys: the account's passkeys, and the options a browser needs to
// make a new one (WebAuthn's PublicKeyCredentialCreationOptionsJSON, as this portal asks for it).
import { Type } from '@sinclair/typebox';

export const PasskeySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String({ description: 'The name its owner gave it' }),
    createdAt: Type.String({ description: 'When it was added (ISO date-time)' }),
    lastUsedAt: Type.Union([Type.String(), Type.Null()], { description: 'When it last signed in (ISO date-time); null: never' }),
  },
  { additionalProperties: false },
);

/** GET /api/users/{userId}/passkeys: oldest first. */
export const PasskeyListSchema = Type.Array(PasskeySchema);

const CredentialDescriptorSchema = Type.Object(
  {
    id: Type.String({ description: 'A credential id (base64url)' }),
    type: Type.Literal('public-key'),
    transports: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);

/** POST /api/users/{userId}/passkeys/options: what `navigator.credentials.create()` is given. */
export const PasskeyCreationOptionsSchema = Type.Object(
  {
    challenge: Type.String({ description: 'Single use, for five minutes, for this signed-in session only (base64url)' }),
    rp: Type.Object({ name: Type.String(), id: Type.String() }, { additionalProperties: false }),
    user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }, { additionalProperties: false }),
    pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: Type.Literal('public-key') }, { additionalProperties: false })),
    timeout: Type.Integer({ description: 'Milliseconds' }),
    attestation: Type.Literal('none'),
    excludeCredentials: Type.Array(CredentialDescriptorSchema, { description: 'The account’s passkeys: an authenticator holding one adds no second' }),
    authenticatorSelection: Type.Object(
      { residentKey: Type.Literal('required'), requireResidentKey: Type.Literal(true), userVerification: Type.Literal('required') },
      { additionalProperties: false },
    ),
    extensions: Type.Object({ credProps: Type.Boolean() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** DELETE /api/users/{userId}/passkeys/{passkeyId}. */
export const PasskeyRemovedSchema = Type.Object({ removed: Type.Literal(true) }, { additionalProperties: false });
