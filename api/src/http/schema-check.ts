// A JSON schema check outside a route (the import command), made by the same compiler Fastify
// uses for routes (@fastify/ajv-compiler, same options) and worded by the same formatter, so a
// file's field is refused with the very sentence the HTTP API would give.
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaValidationError } from 'fastify';
import type { TSchema, Static } from '@sinclair/typebox';
import { AJV_OPTIONS } from './ajv-options';
import { formatValidationError } from './validation-errors';

type ValidateFunction = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

const buildValidator = AjvCompiler()({}, { customOptions: { ...AJV_OPTIONS, keywords: [...AJV_OPTIONS.keywords] } }) as unknown as (args: {
  schema: unknown;
}) => ValidateFunction;

export type SchemaCheck<T extends TSchema> = (value: unknown, where: string) => { ok: true; value: Static<T> } | { ok: false; problem: string };

/** Compiles `schema` once; the check answers the value, or the first problem named from `where` (e.g. 'employments.3'). */
export function schemaCheck<T extends TSchema>(schema: T): SchemaCheck<T> {
  const validate = buildValidator({ schema });
  return (value, where) => {
    if (validate(value)) return { ok: true, value: value as Static<T> };
    return { ok: false, problem: formatValidationError(validate.errors ?? [], where).message };
  };
}
