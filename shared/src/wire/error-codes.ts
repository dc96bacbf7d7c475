// The schema of an error answer's `code` (ErrorBodySchema's): a string enum of the closed list in
// @portal/shared/error-codes, which this module also re-exports for the API.
import { Kind, Type, TypeRegistry } from '@sinclair/typebox';
import { ERROR_CODE_LIST, isErrorCode, type ErrorCode } from '@portal/shared/error-codes';

export * from '@portal/shared/error-codes';

// TypeBox's own checks (the wire-contract test's Value.Errors) know the kind by this check.
if (!TypeRegistry.Has('ErrorCode')) TypeRegistry.Set('ErrorCode', (_schema, value) => isErrorCode(value));

/** The `code` of every error answer: one of ERROR_CODES, listed in the OpenAPI document (a string enum). */
export const ErrorCodeSchema = Type.Unsafe<ErrorCode>({
  [Kind]: 'ErrorCode',
  type: 'string',
  enum: ERROR_CODE_LIST,
  description: 'What went wrong, for the program to choose its words by (see shared/src/wire/error-codes.ts)',
});
