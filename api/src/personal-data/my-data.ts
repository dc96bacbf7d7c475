// "Download my data": everything the portal holds about one person, read for them alone. my-data.json
// is built from its parts, one small reader each (PARTS): a part added later is one more entry. The
// PDFs of their payslips and documents are listed with the names they get in the ZIP, drawn later,
// as the ZIP reaches them (my-data-archive.ts). Every read is by the person's own id, and each
// employment is found through the same ownership query as the employment routes, so another user's
// employments, payslips and documents cannot be reached.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toBool, toIso } from '../db/convert';
import { unspentRecoveryCodes } from '../auth/second-step';
import { SecondStepRepository } from '../auth/second-step-repository';
import type { OwnedEmployment } from '../employments/owned-employment';
import type { EmploymentRepository } from '../employments/repository';
import type { OwnedEmploymentFinder } from '../employments/repository';
import { retentionHasEnded } from '../employments/retention';
import { payDocumentFileName, payslipFileName, safeFilePart, uniqueNamer } from '../files/archive/names';
import type { EmploymentFile, FileRepository } from '../files/repository';
import { IdentityRepository } from '../identity/repository';
import { findPreferences } from '../notifications/preferences-repository';
import { PasskeyRepository } from '../auth/passkey-repository';
import { toPasskeyView } from '../auth/passkeys';
import { recentSignIns } from '../auth/sign-in-history';
import { questionsOf } from '../payroll-questions/repository';
import { issuedPacksOf } from '../files/proof-of-income/issued-pack-repository';
import { listEmployments } from '../users/repository';
import { appUserRow } from './account-repository';
import type { MyData, MyDataEmployment } from './my-data-shape';

export type MyDataSources = {
  db: Kysely<Database>;
  files: FileRepository;
  payData: EmploymentRepository;
  findEmployment: OwnedEmploymentFinder;
};

/** A PDF of the ZIP: where it goes and what it is. */
export type MyDataFile = { path: string; file: EmploymentFile };

/** What the parts read from: the person, and their employments as the ownership query finds them. */
type Context = { db: Kysely<Database>; userId: string; employments: GatheredEmployment[] };
type GatheredEmployment = { json: MyDataEmployment; files: MyDataFile[] };

type Parts = Omit<MyData, 'about' | 'exportedAt'>;

/** The parts of my-data.json, in order. */
const PARTS: { [K in keyof Parts]: (context: Context) => Promise<Parts[K]> } = {
  profile: readProfile,
  employments: async ({ employments }) => employments.map((e) => e.json),
  notificationPreferences: ({ db, userId }) => findPreferences(db, userId),
  passkeys: async ({ db, userId }) => (await new PasskeyRepository(db).listOf(userId)).map(toPasskeyView),
  signInHistory: ({ db, userId }) => recentSignIns(db, userId, SIGN_IN_HISTORY_MAX),
  payrollQuestions: ({ db, userId }) => questionsOf(db, userId),
  proofOfIncomePacks: ({ db, userId }) => issuedPacksOf(db, userId),
};

/** Every attempt of the 90 days kept: far more than anyone signs in. */
const SIGN_IN_HISTORY_MAX = 100_000;

const ABOUT =
  'Everything the pay portal holds about you: your sign-in account, your record in the portal, the employments linked to it with their payslips and documents, your notification choices, your passkeys (their names and dates, never their keys) and your sign-in history of the last 90 days, your questions to payroll and the proofs of income you made (what each covered, never its code). The PDFs beside this file are the payslips and documents listed under each employment.';

/** The person's data and the PDFs that go with it; null when there is no such account. */
export async function gatherMyData(sources: MyDataSources, userId: string, now = new Date()): Promise<{ data: MyData; files: MyDataFile[] } | null> {
  if (!(await new IdentityRepository(sources.db).findById(userId))) return null;
  const employments = await gatherEmployments(sources, userId);
  const context: Context = { db: sources.db, userId, employments };
  const parts = Object.fromEntries(await Promise.all(Object.entries(PARTS).map(async ([key, read]) => [key, await read(context)]))) as Parts;
  return { data: { about: ABOUT, exportedAt: now.toISOString(), ...parts }, files: employments.flatMap((e) => e.files) };
}

async function readProfile({ db, userId }: Context): Promise<MyData['profile']> {
  const [identity, portal, authenticator, recoveryCodesLeft] = await Promise.all([
    new IdentityRepository(db).findById(userId),
    appUserRow(db, userId),
    new SecondStepRepository(db).authenticator(userId),
    unspentRecoveryCodes(db, userId),
  ]);
  if (!identity) throw new Error('The account went while its data was being read');
  return {
    signIn: {
      id: identity.id,
      email: identity.email,
      firstName: identity.first_name,
      middleName: identity.middle_name,
      lastName: identity.last_name,
      mobilePhone: identity.mobile_phone,
      birthDate: identity.birth_date,
      niNumber: identity.ni_number,
      createdAt: toIso(identity.created_at),
      updatedAt: toIso(identity.updated_at),
    },
    portal: portal
      ? {
          notificationEmail: portal.email,
          privacyPolicyAccepted: toBool(portal.privacy_policy_accepted),
          privacyPolicyAcceptedAt: portal.privacy_policy_accepted_at === null ? null : toIso(portal.privacy_policy_accepted_at),
          language: portal.language,
          createdAt: toIso(portal.created_at),
        }
      : null,
    secondStep: { authenticatorApp: Boolean(authenticator?.confirmed_at), recoveryCodesLeft },
  };
}

/** Each linked employment with its pay data and PDFs (none once its retention period is over), in a folder of its employer's name. */
async function gatherEmployments(sources: MyDataSources, userId: string): Promise<GatheredEmployment[]> {
  const folders = folderNamer();
  const gathered: GatheredEmployment[] = [];
  for (const { ID } of await listEmployments(sources.db, userId, { withRetentionEnded: true })) {
    const employment = await sources.findEmployment.find(ID, userId);
    if (!employment) continue; // unlinked meanwhile
    gathered.push(await gatherEmployment(sources, employment, folders(employment.employerName)));
  }
  return gathered;
}

async function gatherEmployment(sources: MyDataSources, employment: OwnedEmployment, folder: string): Promise<GatheredEmployment> {
  const available = !retentionHasEnded(employment.retainedUntil);
  const [payslips, documents, files] = available
    ? await Promise.all([sources.payData.payslips(employment.id), sources.payData.documents(employment.id), sources.files.employmentFiles(employment)])
    : [[], [], []];
  const unique = uniqueNamer();
  const pdfs = files.map((file) => ({ path: `${folder}/${unique(fileName(file, employment.employerName))}`, file }));
  return {
    json: {
      id: employment.id,
      employer: employment.employerName,
      employeeName: employment.employeeName,
      niNumber: employment.niNumber,
      taxCode: employment.taxCode,
      active: employment.active,
      startDate: employment.startDate,
      endDate: employment.endDate,
      retainedUntil: employment.retainedUntil,
      available,
      payslips: payslips as MyDataEmployment['payslips'],
      documents: documents as MyDataEmployment['documents'],
      files: pdfs.map((pdf) => pdf.path),
    },
    files: pdfs,
  };
}

/** '2026-10-30 Payslip - Northwind Logistics Ltd.pdf', '2025-26 P60 - Northwind Logistics Ltd.pdf' (the tax-year ZIP's names). */
function fileName(file: EmploymentFile, employerName: string): string {
  return file.kind === 'Payslip'
    ? payslipFileName(file.date, employerName)
    : payDocumentFileName(file.kind, file.taxYear ?? file.date.slice(0, 4), employerName);
}

/** A folder per employment, named for its employer; a second employment at the same employer gets ' (2)'. */
function folderNamer(): (employerName: string) => string {
  const taken = new Set<string>();
  return (employerName) => {
    const base = safeFilePart(employerName).slice(0, 80).trimEnd();
    let name = base;
    for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) name = `${base} (${copy})`;
    taken.add(name.toLowerCase());
    return name;
  };
}
