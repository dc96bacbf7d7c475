// The contract as the API serves it: an app on an empty in-memory database, its OpenAPI document
// (as clients fetch it from /api/docs/openapi.json) and that document rendered.
import path from 'node:path';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { renderContract } from './contract-doc';
import type { OpenApiDocument } from './contract-doc';

export const contractPath = path.resolve(__dirname, '..', '..', '..', 'docs', 'api-contract.md');

export async function servedDocument(): Promise<OpenApiDocument> {
  const app = await buildApp({ config: testConfig({ seedDemoData: false }) });
  try {
    const res = await app.inject({ url: '/api/docs/openapi.json' });
    return res.json<OpenApiDocument>();
  } finally {
    await app.close();
  }
}

export async function servedContract(): Promise<string> {
  return renderContract(await servedDocument());
}
