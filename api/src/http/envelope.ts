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
  return reply.type(JSON_TYPE).send(envelopeText(data));
}

const JSON_TYPE = 'application/json; charset=utf-8';

function envelopeText(data: unknown): string {
  return `{"data":${JSON.stringify(JSON.stringify({ status: 200, error: null, data }))}}`;
}

/** The envelope's bytes as sendEnvelope writes them, to keep (employments/payslip-list-cache.ts) and send with sendEnvelopeBytes. */
export function envelopeBytes(data: unknown): Buffer {
  // Memory of its own (not a slice of Node's shared 8 KB pool, which a small kept answer would pin).
  const text = envelopeText(data);
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text, 'utf8');
  return bytes;
}

/** Sends bytes made by envelopeBytes: the same answer as sendEnvelope, without encoding it again. */
export function sendEnvelopeBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(bytes);
}
