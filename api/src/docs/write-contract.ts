// `pnpm --filter api contract`: writes docs/api-contract.md from the OpenAPI document the API serves.
import { writeFile } from 'node:fs/promises';
import { contractPath, servedContract } from './served-contract';

servedContract()
  .then(async (markdown) => {
    await writeFile(contractPath, markdown);
    console.log(`contract: wrote ${contractPath}`);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
