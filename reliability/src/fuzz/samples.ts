// Realistic values by parameter or field name, from the demo data (api/README.md): with them a good
// share of the requests reach the handlers, the database and the PDFs instead of stopping at
// validation or ownership. The real password is not among them: the fuzzer must not change it.
import fc from 'fast-check';
import type { Samples } from './schema-values.ts';

/** `csrfToken`: the sign-in service's form token for Alex's browser (its cookie is in his session), so form posts can get past the CSRF check. */
export function demoSamples(subs: { alex: string; sam: string }, csrfToken?: string): Samples {
  const userIds = fc.constantFrom(subs.alex, subs.alex, subs.alex, subs.sam, '0');
  const emails = fc.constantFrom(
    'starter1@example.com',
    'starter2@example.com',
    'new.starter@example.com',
    'alex.morgan@example.com',
    'sam.patel@example.com',
    'nobody@example.com',
  );
  return {
    userId: userIds,
    id: userIds,
    sub: userIds,
    employmentId: fc.constantFrom('em_alex_northwind', 'em_alex_northwind', 'em_alex_brightwater', 'em_sam_brightwater', 'em_new_starter', 'em_invite_demo'),
    fileId: fc.constantFrom(
      'doc_alex_nw_p60_2526',
      'doc_alex_nw_p11d_2526',
      'doc_alex_bw_p45_2425',
      'ps_alex_northwind_20261030',
      'int_nw_handbook',
      'int_bw_benefits',
      'doc_sam_bw_p60_2526',
    ),
    email: emails,
    to: emails,
    token: fc.constantFrom('INVITE-2026-DEMO', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
    phoneNumber: fc.constantFrom('07700900123', '07700 900123', '+447700900123'),
    code: fc.constantFrom('123456', '000000'),
    client_id: fc.constantFrom('portal-web', 'portal-web', 'another-client'),
    redirect_uri: fc.constantFrom(
      '/',
      'http://localhost:8080/',
      '/account/',
      'https://evil.example/',
      '//evil.example',
      '/..//evil.example/',
      'javascript:alert(1)',
    ),
    post_logout_redirect_uri: fc.constantFrom('/', 'http://localhost:8080/', 'https://evil.example/'),
    NINumber: fc.constantFrom('AB100001C', 'AB 12 34 56 C', 'ab123456c'),
    niNumber: fc.constantFrom('AB100001C', 'AB 12 34 56 C'),
    bankAccount: fc.constantFrom('4321', '1234'),
    dob: fc.constantFrom('05/14/1990', '02/30/1990', '13/01/1990'),
    externalEmploymentID: fc.constantFrom('em_starter1', 'em_new_starter', 'em_sam_brightwater'),
    password: fc.constantFrom('not-the-password-1', 'short'),
    currentPassword: fc.constantFrom('not-the-password-1'),
    newPassword: fc.constantFrom('a-new-password-123'),
    confirmPassword: fc.constantFrom('a-new-password-123'),
    ...(csrfToken ? { csrf_token: fc.constantFrom(csrfToken, csrfToken, 'forged-token') } : {}),
  };
}
