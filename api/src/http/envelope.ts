// The success envelope of every /api/users/... route (@portal/shared/wire/envelope): `{ data: "<JSON text>" }`
// where the text parses to `{ status: 200, error: null, data: X }`.
import type { FastifyReply } from 'fastify';
export { EnvelopeSchema } from '@portal/shared/wire/envelope';

export type Enveloped = { data: string };

export function envelope(data: unknown): Enveloped {
  return { data: JSON.stringify({ status: 200, error: null, data }) };
}

/**
 * Sends the envelope already written as JSON text, the same bytes the route's response schema
 * would give: on Node 20, fast-json-stringify escapes a string character by character in
 * JavaScript, and the envelope's one string is the whole answer (10 KB for a year of payslips);
 * JSON.stringify escapes it natively. For the hot routes (GET .../payslips, /api/users/authorised).
 */
export function sendEnvelope(reply: FastifyReply, data: unknown): FastifyReply {
  const text = JSON.stringify(JSON.stringify({ status: 200, error: null, data }));
  return reply.type('application/json; charset=utf-8').send(`{"data":${text}}`);
}
