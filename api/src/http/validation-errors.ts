// Turns Ajv's first error into one readable sentence for `{ status: 400, error }`.
// A schema may carry `x-message` (an OpenAPI extension keyword) to say, in plain words, what a field must look like.
import type { FastifySchemaValidationError } from 'fastify';

type AjvError = FastifySchemaValidationError & { parentSchema?: { 'x-message'?: string } };

export function formatValidationError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const error = errors[0] as AjvError | undefined;
  if (!error) return new Error(`${dataVar} is not valid`);
  const where = `${dataVar}${error.instancePath.replace(/\//g, '.')}`.replace(/^querystring/, 'query');
  const params = error.params as Record<string, unknown>;
  let message: string;
  if (error.keyword === 'required') message = `${where} must have the field '${String(params.missingProperty)}'`;
  else if (error.keyword === 'additionalProperties') message = `${where} has an unknown field '${String(params.additionalProperty)}'`;
  else if (error.keyword === 'minProperties') message = `${where} must have at least one field`;
  else if (error.parentSchema?.['x-message'] && ['pattern', 'format', 'minLength', 'maxLength'].includes(error.keyword))
    message = `${where} ${error.parentSchema['x-message']}`;
  else message = `${where} ${error.message ?? 'is not valid'}`;
  return new Error(message);
}
