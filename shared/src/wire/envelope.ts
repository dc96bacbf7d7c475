// The two shapes every /api answer takes (spec section 7): success `{ data: "<JSON text>" }` whose
// text parses to `{ status: 200, error: null, data: X }`, and error `{ status, error }` (HTTP 4xx/5xx).
import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';

/**
 * Every error: `{ status, error }`, status being the HTTP status; a wrong linking code or wrong
 * identity details also say how many tries are left (`triesLeft`).
 */
export const ErrorBodySchema = Type.Object(
  {
    status: Type.Integer({ description: 'The HTTP status' }),
    error: Type.String({ description: 'What is wrong, in plain words' }),
    triesLeft: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'A wrong linking code: tries the code has left. Wrong identity details: tries left before the employment record locks.',
      }),
    ),
    code: Type.Optional(
      Type.String({
        description: 'Coded errors: what went wrong, for the program (e.g. `console.not_found`)',
      }),
    ),
    data: Type.Optional(Type.Null({ description: 'Coded errors: always null' })),
  },
  {
    additionalProperties: false,
    description: 'Every error: `{ status, error }`, with `triesLeft` after a wrong code or wrong identity details; coded errors add `code` and `data: null`.',
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
