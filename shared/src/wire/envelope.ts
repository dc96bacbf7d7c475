// The two shapes every /api answer takes (spec section 7): success `{ data: "<JSON text>" }` whose
// text parses to `{ status: 200, error: null, data: X }`, and error `{ status, error }` (HTTP 4xx/5xx).
import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { ErrorCodeSchema } from '@portal/shared/wire/error-codes';

/**
 * Every error: `{ status, error, code, data: null }`, status being the HTTP status, `code` one of the
 * closed list (error-codes.ts) that a front end words; `field` names the field at fault; a wrong
 * linking code or wrong identity details also say how many tries are left (`triesLeft`).
 */
export const ErrorBodySchema = Type.Object(
  {
    status: Type.Integer({ description: 'The HTTP status' }),
    error: Type.String({ description: 'What is wrong, for developers (a front end words the `code`)' }),
    code: ErrorCodeSchema,
    field: Type.Optional(Type.String({ description: '`request.field_invalid`: the field at fault, as the request names it' })),
    triesLeft: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'A wrong linking code: tries the code has left. Wrong identity details: tries left before the employment record locks.',
      }),
    ),
    data: Type.Null({ description: 'Always null on an error' }),
  },
  {
    additionalProperties: false,
    description:
      'Every error: `{ status, error, code, data: null }`, with `field` on a field at fault and `triesLeft` after a wrong code or wrong identity details.',
  },
);

/** The envelope once parsed: `{ status: 200, error: null, data: X }`. */
export function ParsedEnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({ status: Type.Literal(200), error: Type.Null(), data }, { additionalProperties: false });
}

/** What an enveloped route sends: `{ data: "<JSON text of ParsedEnvelopeSchema(data)>" }`. */
export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object(
    {
      data: Type.String({
        contentMediaType: 'application/json',
        contentSchema: ParsedEnvelopeSchema(data),
        description: 'JSON text of { status: 200, error: null, data }',
      }),
    },
    { additionalProperties: false, description: 'Success: `data` holds the envelope as JSON text' },
  );
}
