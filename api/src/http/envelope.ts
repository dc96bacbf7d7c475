// The success envelope of every /api/users/... route (docs/api-contract.md): `{ data: "<JSON text>" }`
// where the text parses to `{ status: 200, error: null, data: X }`.
import { Type } from '@sinclair/typebox';

export type Enveloped = { data: string };

export function envelope(data: unknown): Enveloped {
  return { data: JSON.stringify({ status: 200, error: null, data }) };
}

/** Response schema of an enveloped route; `inner` describes X for readers of the OpenAPI document. */
export function EnvelopeSchema(inner: string) {
  return Type.Object(
    { data: Type.String({ description: `JSON text of { status: 200, error: null, data: ${inner} }` }) },
    { description: `Envelope; data holds JSON text whose data is ${inner}` },
  );
}
