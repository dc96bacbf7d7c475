// No control characters in any input. PostgreSQL cannot store a NUL byte (it answers a data
// exception), and no field of this API is multi-line: a control character in a name, an e-mail or
// an id is a mistake or an attack, refused with a 400 that names the field before any route sees it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** C0 controls (NUL…US, including tab and newlines), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Half of a UTF-16 surrogate pair (JSON may escape one: "\\ud800"). No real text holds one, and the
 * databases store it mangled, each its own way (PostgreSQL one U+FFFD, SQLite three).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A control character or a lone surrogate: what the check refuses. */
const REFUSED = new RegExp(`${CONTROL_CHARACTER.source}|${LONE_SURROGATE.source}`);

/** True when `value` holds a control character (PostgreSQL refuses a NUL byte even as a parameter). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** No input of this API nests deeper than a few levels; a deeper one is refused before it is walked. */
export const MAX_INPUT_DEPTH = 16;

/** Thrown for input nested deeper than MAX_INPUT_DEPTH (JSON.parse accepts any depth). */
export class TooDeep extends Error {}

/** Where the first control character (or lone surrogate) is, as `body.user.firstName`, or null when there is none. */
export function findControlCharacter(value: unknown, where: string, depth = 0): string | null {
  return findRefused(value, where, depth)?.where ?? null;
}

/** The first refused text found: where, and whether it is a lone surrogate (else a control character). */
type Found = { where: string; surrogate: boolean };
const found = (where: string, text: string): Found => ({ where, surrogate: !CONTROL_CHARACTER.test(text) });

function findRefused(value: unknown, where: string, depth = 0): Found | null {
  if (typeof value === 'string') return REFUSED.test(value) ? found(where, value) : null;
  // A binary body (an uploaded PDF) is bytes, not text: nothing in it is a field.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_INPUT_DEPTH) throw new TooDeep(where);
  // On every request (the path's ids at least): a field's name is spelt out only for what is looked
  // into, a string with a control character or a nested object, not for every clean field.
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const hit = mayHold(value[index]) ? findRefused(value[index], `${where}.${index}`, depth + 1) : null;
      if (hit) return hit;
    }
    return null;
  }
  const fields = value as Record<string, unknown>;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    if (REFUSED.test(key)) return found(`${where} (a field name)`, key);
    const hit = mayHold(fields[key]) ? findRefused(fields[key], `${where}.${key}`, depth + 1) : null;
    if (hit) return hit;
  }
  return null;
}

/** Whether findRefused must look into `value`: a string holding one, or an object (it may, or be too deep). */
function mayHold(value: unknown): boolean {
  return typeof value === 'string' ? REFUSED.test(value) : value !== null && typeof value === 'object';
}

/**
 * Why `value` (named `name`) is refused, or null: too deep, a lone surrogate or a control character,
 * worded as the API answers it. The import command words a file's record with it too.
 */
export function controlCharacterProblem(value: unknown, name: string): string | null {
  let field: Found | null;
  try {
    field = findRefused(value, name);
  } catch (error) {
    if (error instanceof TooDeep) return `${name} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;
    throw error;
  }
  if (field?.surrogate) return `${field.where} must be valid Unicode text (it holds half of a surrogate pair)`;
  if (field) return `${field.where} must not contain control characters (such as a NUL byte, a tab or a line break)`;
  return null;
}

function refusePart(name: string, value: unknown): void {
  const problem = controlCharacterProblem(value, name);
  if (problem) throw HttpError.coded(400, 'request.value_unstorable', problem);
}

export function refuseControlCharacters(request: FastifyRequest): void {
  refusePart('params', request.params);
  refusePart('query', request.query);
  refusePart('body', request.body);
}

/** Checks params, query and body of every route, after parsing and before schema validation. */
export function installControlCharacterCheck(app: FastifyInstance): void {
  // A callback hook: the check waits for nothing (Fastify turns what it throws into the answer).
  app.addHook('preValidation', (request, _reply, done) => {
    refuseControlCharacters(request);
    done();
  });
}
