// The wire contract: the TypeBox schema of every /api answer, written once. The API serves them as
// its route schemas and OpenAPI document; the front end takes its types from them with
// `import type` only (shared/src/api/types.ts), so no TypeBox reaches a browser bundle.
// docs/architecture.md "Wire contract".
export * from '@portal/shared/wire/envelope';
export * from '@portal/shared/wire/users';
export * from '@portal/shared/wire/linking';
export * from '@portal/shared/wire/pay';
export * from '@portal/shared/wire/identity';
export * from '@portal/shared/wire/passkeys';
