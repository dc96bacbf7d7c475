// The console's addresses (the host routes them from src/pages.ts; the screens link between them).
export const consolePaths = {
  employees: '/employer',
  record: '/employer/employees/:employmentId',
  audit: '/employer/audit',
  admins: '/employer/admins',
  keys: '/employer/keys',
  publish: '/employer/publish',
  updates: '/employer/updates',
  questions: '/employer/questions',
  accept: '/employer/accept',
} as const;

/** The record page of one employment. */
export function recordPath(employmentId: string): string {
  return `/employer/employees/${encodeURIComponent(employmentId)}`;
}
