// Answers of the linking-code calls under /api/users/{userId}.
import { Type } from '@sinclair/typebox';
import { EmploymentSchema } from '@portal/shared/wire/users';

/** Either send call: the same answer whether or not a record matched. */
export const LinkingCodeSentSchema = Type.Object({ sent: Type.Literal(true) }, { additionalProperties: false });

/** GET .../linking_code/{code}. */
export const LinkingConfirmationSchema = Type.Object({ externalEmploymentID: Type.String() }, { additionalProperties: false });

/** POST .../linking_code/{code}: the user's employments as JSON text (the front end reads its length). */
export const FinalizeResultSchema = Type.String({ contentMediaType: 'application/json', contentSchema: Type.Array(EmploymentSchema), description: 'JSON text of Employment[]' });
