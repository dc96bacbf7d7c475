// The success envelope of every /api/users/... route (@portal/shared/wire/envelope): `{ data: "<JSON text>" }`
// where the text parses to `{ status: 200, error: null, data: X }`.
export { EnvelopeSchema } from '@portal/shared/wire/envelope';

export type Enveloped = { data: string };

export function envelope(data: unknown): Enveloped {
  return { data: JSON.stringify({ status: 200, error: null, data }) };
}
