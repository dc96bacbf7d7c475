// No control characters in any input. PostgreSQL cannot store a NUL byte (it answers a data
// exception), and no field of this API is multi-line: a control character in a name, an e-mail or
// an id is a mistake or an attack, refused with a 400 that names the field before any route sees it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** C0 controls (NUL…US, including tab and newlines), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** True when `value` holds a control character (PostgreSQL refuses a NUL byte even as a parameter). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** No input of this API nests deeper than a few levels; a deeper one is refused before it is walked. */
export const MAX_INPUT_DEPTH = 16;

/** Thrown for input nested deeper than MAX_INPUT_DEPTH (JSON.parse accepts any depth). */
export class TooDeep extends Error {}

/** Where the first control character is, as `body.user.firstName`, or null when there is none. */
export function findControlCharacter(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? where : null;
  // A binary body (an uploaded PDF) is bytes, not text: nothing in it is a field.
  if (Buffer.isBuffer(value)) return null;
  if (value && typeof value === 'object' && depth >= MAX_INPUT_DEPTH) throw new TooDeep(where);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, `${where}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) return `${where} (a field name)`;
      const found = findControlCharacter(item, `${where}.${key}`, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

export function refuseControlCharacters(request: FastifyRequest): void {
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const [name, value] of Object.entries(parts)) {
    let field: string | null;
    try {
      field = findControlCharacter(value, name);
    } catch (error) {
      if (error instanceof TooDeep) throw new HttpError(400, `${name} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`);
      throw error;
    }
    if (field) throw new HttpError(400, `${field} must not contain control characters (such as a NUL byte, a tab or a line break)`);
  }
}

/** Checks params, query and body of every route, after parsing and before schema validation. */
export function installControlCharacterCheck(app: FastifyInstance): void {
  // A callback hook: the check waits for nothing (Fastify turns what it throws into the answer).
  app.addHook('preValidation', (request, _reply, done) => {
    refuseControlCharacters(request);
    done();
  });
}
