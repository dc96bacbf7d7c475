/**
 * @jest-environment node
 */
// The one-way flow of docs/architecture.md "Parts", enforced by ESLint: an app imports @portal/shared, never
// another remote or the host; @portal/shared imports no app; a remote reaches the host's state
// only through @portal/shared/contract (docs/architecture.md "Host–remote contract").
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
// eslint is a root dev dependency; its exports do not list the bin, so name the file itself.
const eslintBin = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

type LintResult = { messages: { ruleId: string | null; message: string }[] };

/** Lints `source` as if it were `filePath`, with the workspace's real ESLint config. */
async function boundaryErrors(filePath: string, source: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const run = spawnSync(process.execPath, [eslintBin, '--stdin', '--stdin-filename', filePath, '--format', 'json'], {
    cwd: root,
    input: source,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as LintResult[];
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['remote-pay/src/home/x.ts', "import { y } from 'remote-documents/src/documents/y';\nexport const z = y;\n"],
    ['remote-pay/src/home/x.ts', "import { y } from '../../../remote-profile/src/profile/y';\nexport const z = y;\n"],
    ['remote-documents/src/x.ts', "import { y } from '../../host/src/app/routes';\nexport const z = y;\n"],
    ['remote-onboarding/src/x.ts', "import { y } from 'host/src/app/routes';\nexport const z = y;\n"],
    ['shared/src/x.ts', "import { y } from '../../remote-pay/src/home/y';\nexport const z = y;\n"],
  ])(
    '%s may not import %j',
    async (file, source) => {
      const errors = await boundaryErrors(file, source);
      expect(errors.some((message) => /never another remote or the host|depends on no app/.test(message))).toBe(true);
    },
    30_000,
  );

  it('lets a remote import @portal/shared and its own files', async () => {
    const source = "import { paths } from '@portal/shared/paths';\nimport { y } from './y';\nexport const z = [paths, y];\n";
    expect(await boundaryErrors('remote-pay/src/home/x.ts', source)).toEqual([]);
  }, 30_000);
});

describe('the host–remote contract', () => {
  const contractBreach = /through @portal\/shared\/contract only/;

  it.each([
    ['remote-onboarding/src/x.ts', "import { useSignUpStore } from '@portal/shared/stores/sign-up';\nexport const z = useSignUpStore;\n"],
    ['remote-pay/src/home/x.ts', "import { useSessionStore } from '@portal/shared/stores/session';\nexport const z = useSessionStore;\n"],
    ['remote-profile/src/x.test.tsx', "import { useAccountStore } from '@portal/shared/stores/account';\nexport const z = useAccountStore;\n"],
    ['remote-documents/src/x.ts', "import { registerHostActions } from '@portal/shared/stores/host-actions';\nexport const z = registerHostActions;\n"],
    ['remote-pay/src/home/x.ts', "import { useSessionStore } from '../../../shared/src/stores/session';\nexport const z = useSessionStore;\n"],
    ['remote-pay/src/x.ts', "import { setUnauthorisedHandler } from '@portal/shared/api/client';\nexport const z = setUnauthorisedHandler;\n"],
    ['remote-pay/src/x.ts', "import { setRuntimeConfig } from '@portal/shared/runtime-config';\nexport const z = setRuntimeConfig;\n"],
  ])(
    "%s may not use the host's own modules: %j",
    async (file, source) => {
      const errors = await boundaryErrors(file, source);
      expect(errors.some((message) => contractBreach.test(message))).toBe(true);
    },
    30_000,
  );

  it('lets a remote use the contract, the API client and the test helpers', async () => {
    const source = [
      "import { selectEmployment, useEmploymentId } from '@portal/shared/contract';",
      "import { apiGet } from '@portal/shared/api/client';",
      "import { getRuntimeConfig } from '@portal/shared/runtime-config';",
      "import { arrangeHostState } from '@portal/shared/testing/host-state';",
      'export const z = [selectEmployment, useEmploymentId, apiGet, getRuntimeConfig, arrangeHostState];',
      '',
    ].join('\n');
    expect(await boundaryErrors('remote-pay/src/home/x.test.tsx', source)).toEqual([]);
  }, 30_000);

  it('lets the host use the stores', async () => {
    const source = "import { useSessionStore } from '@portal/shared/stores/session';\nexport const z = useSessionStore;\n";
    expect(await boundaryErrors('host/src/session/x.ts', source)).toEqual([]);
  }, 30_000);
});

describe('the wire contract', () => {
  const rule = '@typescript-eslint/no-restricted-imports';
  const typesOnly = /The browser gets the wire types only/;

  it.each([
    ['remote-pay/src/home/x.ts', "import { Type } from '@sinclair/typebox';\nexport const z = Type.String();\n"],
    ['host/src/x.tsx', "import { PayslipSchema } from '@portal/shared/wire/pay';\nexport const z = PayslipSchema;\n"],
    ['remote-documents/src/x.ts', "import * as Wire from '@portal/shared/wire';\nexport const z = Wire;\n"],
    ['shared/src/api/x.ts', "import { Value } from '@sinclair/typebox/value';\nexport const z = Value;\n"],
  ])(
    '%s may not import TypeBox code: %j',
    async (file, source) => {
      expect((await boundaryErrors(file, source, rule)).some((message) => typesOnly.test(message))).toBe(true);
    },
    30_000,
  );

  it('lets the front end import the wire types, and the API the schemas', async () => {
    const types =
      "import type { Static } from '@sinclair/typebox';\nimport type { PayslipSchema } from '@portal/shared/wire/pay';\nexport type P = Static<typeof PayslipSchema>;\n";
    expect(await boundaryErrors('remote-pay/src/home/x.ts', types, rule)).toEqual([]);
    const values = "import { PayslipSchema } from '@portal/shared/wire/pay';\nexport const z = PayslipSchema;\n";
    expect(await boundaryErrors('api/src/x.ts', values, rule)).toEqual([]);
  }, 30_000);
});
