// No control characters in any input. PostgreSQL cannot store a NUL byte (it answers a data
// exception), and no field of this API is multi-line: a control character in a name, an e-mail or
// an id is a mistake or an attack, refused with a 400 that names the field before any route sees it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** C0 controls (NUL…US, including tab and newlines), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Where the first control character is, as `body.user.firstName`, or null when there is none. */
export function findControlCharacter(value: unknown, where: string): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? where : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, `${where}.${index}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) return `${where} (a field name)`;
      const found = findControlCharacter(item, `${where}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

export function refuseControlCharacters(request: FastifyRequest): void {
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const [name, value] of Object.entries(parts)) {
    const field = findControlCharacter(value, name);
    if (field) throw new HttpError(400, `${field} must not contain control characters (such as a NUL byte, a tab or a line break)`);
  }
}

/** Checks params, query and body of every route, after parsing and before schema validation. */
export function installControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => refuseControlCharacters(request));
}
