// The browser's answers to a passkey ceremony, as @simplewebauthn/browser sends them (WebAuthn's
// JSON forms): checked for shape and size before any of it is decoded. The API's route takes a new
// passkey's answer as JSON; the sign-in pages post an assertion as JSON text in a form field.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

const Base64Url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$', 'x-message': 'must be base64url text' });

const Common = {
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  clientExtensionResults: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 20 }),
};

/** What navigator.credentials.create() answered (RegistrationResponseJSON). */
export const RegistrationCredentialSchema = Type.Object(
  {
    ...Common,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(4096),
        attestationObject: Base64Url(32_768),
        authenticatorData: Type.Optional(Base64Url(16_384)),
        transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
        publicKeyAlgorithm: Type.Optional(Type.Integer()),
        publicKey: Type.Optional(Base64Url(4096)),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'The browser’s answer to the options, as @simplewebauthn/browser’s startRegistration() gives it' },
);

/** What navigator.credentials.get() answered (AuthenticationResponseJSON). */
export const AuthenticationCredentialSchema = Type.Object(
  {
    ...Common,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(4096),
        authenticatorData: Base64Url(4096),
        signature: Base64Url(1024),
        userHandle: Type.Optional(Base64Url(256)),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export type RegistrationCredential = Static<typeof RegistrationCredentialSchema>;
export type AuthenticationCredential = Static<typeof AuthenticationCredentialSchema>;

const isAuthenticationCredential = TypeCompiler.Compile(AuthenticationCredentialSchema);

/** The longest assertion a sign-in form may carry, as JSON text. */
export const ASSERTION_FIELD_MAX = 8000;

/** An assertion posted by a sign-in page as JSON text; null when it is not one. */
export function parseAssertion(text: string | undefined): AuthenticationCredential | null {
  if (!text || text.length > ASSERTION_FIELD_MAX) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return isAuthenticationCredential.Check(value) ? value : null;
  } catch {
    return null;
  }
}
