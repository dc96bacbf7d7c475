// Every migration, in order. Add a new one at the end, in a file named by the next number and its
// purpose (`017-what-it-does.ts`), whose name is `migrationName(__filename)`; never edit a shipped one.
import { initial } from './001-initial';
import { limits } from './002-limits';
import { sessions } from './003-sessions';
import { boundSignInCodes } from './004-bound-sign-in-codes';
import { payDetail } from './005-pay-detail';
import { appUsers } from './006-app-users';
import { linkRequestState } from './007-link-request-state';
import { employerApi } from './008-employer-api';
import { accountLinks } from './009-account-links';
import { notifications } from './010-notifications';
import { payslipListVersions } from './011-payslip-list-versions';
import { payslipListVersionsPinned } from './012-payslip-list-versions-pinned';
import { payslipListVersionsClock } from './013-payslip-list-versions-clock';
import { signInCodeIndexes } from './014-sign-in-code-indexes';
import { accountProofs } from './015-account-proofs';
import { sessionAbsoluteEnd } from './016-session-absolute-end';
import { noticeParking } from './017-notice-parking';
import { employerAdmins } from './018-employer-admins';
import { employerConsole } from './019-employer-console';
import { secondStep } from './020-second-step';
import { messageDeliveries } from './021-message-deliveries';
import { consoleKeys } from './022-console-keys';
import { consoleUploads } from './023-console-uploads';
import { passkeys } from './024-passkeys';
import { accountSecurity } from './025-account-security';
import { retentionAndAccountClosing } from './026-retention-and-account-closing';
import { payDocumentIdentifiers } from './027-pay-document-identifiers';
import { payrollQuestions } from './028-payroll-questions';
import { packChecks } from './029-pack-checks';
import { payslipPayFrequency } from './030-payslip-pay-frequency';
import { userLanguage } from './031-user-language';
import type { PortalMigration } from './types';

export const migrations: PortalMigration[] = [
  initial,
  limits,
  sessions,
  boundSignInCodes,
  payDetail,
  appUsers,
  linkRequestState,
  employerApi,
  accountLinks,
  notifications,
  payslipListVersions,
  payslipListVersionsPinned,
  payslipListVersionsClock,
  signInCodeIndexes,
  accountProofs,
  sessionAbsoluteEnd,
  noticeParking,
  employerAdmins,
  employerConsole,
  secondStep,
  messageDeliveries,
  consoleKeys,
  consoleUploads,
  passkeys,
  accountSecurity,
  retentionAndAccountClosing,
  payDocumentIdentifiers,
  payrollQuestions,
  packChecks,
  payslipPayFrequency,
  userLanguage,
];
