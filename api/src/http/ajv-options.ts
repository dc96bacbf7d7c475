// How every JSON schema is checked: the API's routes (app.ts) and the import command
// (employer-api/import-*) both use these, so a field is judged the same way however it arrives.
export const AJV_OPTIONS = { coerceTypes: false, removeAdditional: false, allErrors: false, verbose: true, keywords: ['x-message'] } as const;
