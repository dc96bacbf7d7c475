// docs/api-contract.md is generated (`pnpm --filter api contract`): it must be what the served
// OpenAPI document renders to today, so it cannot drift from the route schemas.
import { readFile } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { EnvelopeSchema } from '@portal/shared/wire/envelope';
import { PayslipListSchema } from '@portal/shared/wire/pay';
import { contractPath, servedContract } from './served-contract';
import { renderContract } from './contract-doc';

it('docs/api-contract.md is up to date (else run `pnpm --filter api contract`)', async () => {
  const committed = await readFile(contractPath, 'utf8');
  expect(committed).toBe(await servedContract());
});

it('names the wire types and lists their fields', () => {
  const schema = JSON.parse(JSON.stringify(EnvelopeSchema(PayslipListSchema)));
  const markdown = renderContract({
    paths: {
      '/api/x': {
        get: {
          summary: 'Payslips',
          responses: {
            200: { content: { 'application/json': { schema } } },
            404: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
          },
        },
      },
    },
    components: { schemas: { ErrorBody: JSON.parse(JSON.stringify(Type.Object({ status: Type.Integer(), error: Type.String() }))) } },
  });
  expect(markdown).toContain('| `GET /api/x` | Payslips |  | 200 `Envelope<Payslip[]>` | 404 |');
  expect(markdown).toContain('### PayslipLine');
  expect(markdown).toContain("| `deductions` | `PayslipLine[]` | Always includes 'Income Tax' and 'National Insurance' |");
});
