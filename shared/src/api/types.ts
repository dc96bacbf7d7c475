// Wire types of docs/api-contract.md. All ids are strings, money is pounds (2 decimals), dates ISO text.

/** The unwrapped body of every `/api/users/...` response. */
export type Envelope<T> = {
  status: number;
  error: string | null;
  data: T;
};

/** Error body of every route: `{ status, error }`. */
export type ApiErrorBody = {
  status: number;
  error: string;
};

export type Employment = {
  ID: string;
  name: string;
  active: boolean;
  /** 'YYYY-MM-DD', or null while active. */
  endDate: string | null;
};

/** First item of the list returned by GET /api/users/authorised. */
export type AuthorisedUser = {
  userID: string;
  privacyPolicyAccepted: boolean;
  employments: Employment[];
  email?: string;
};

/** Answer of PATCH /api/users/{id}. */
export type UserRecord = {
  userID: string;
  privacyPolicyAccepted: boolean;
  email?: string | null;
};

/** Body of PATCH /api/users/{id}. */
export type UserRecordPatch = { privacyPolicyAccepted: true } | { email: string };

export type PayslipLine = {
  name: string;
  amount: number;
};

export type Payslip = {
  ID: string;
  /** 'YYYY-MM-DD' */
  payDate: string;
  netPay: number;
  grossPay: number;
  totalDeductions: number;
  /** Always includes 'Income Tax' and 'National Insurance'. */
  deductions: PayslipLine[];
  other: PayslipLine[];
};

export type PayDocumentType = 'P60' | 'P11D' | 'P45' | 'Pension Letter';

export type PayDocument = {
  ID: string;
  fileType: PayDocumentType;
  /** '2025/26' */
  taxYear: string;
  filename: string;
};

export type IntranetDocument = {
  ID: string;
  filename: string;
  /** 'YYYY-MM-DD' */
  date: string;
};

export type RecentUpdate = {
  ID: string;
  updateHeader: string;
  updateFrom: string;
  /** 'YYYY-MM-DDTHH:mm:ss.sssZ'; the first 10 characters are shown. */
  created: string;
};

/** Per employment: which document types exist. */
export type DocumentTypeFlags = {
  Payslip: boolean;
  Documents: boolean;
  P45: boolean;
  P60: boolean;
  P11d: boolean;
  PensionLetter: boolean;
};

/** Answer of the linking code send calls (email or phone channel). */
export type LinkingCodeSent = { sent: boolean };

/** Answer of GET /api/users/{userId}/linking_code/{code}. */
export type LinkingConfirmation = { externalEmploymentID: string };

/** Body of POST /api/users/{userId}/linking_code/{code}. */
export type FinalizePayload = {
  NINumber: string;
  bankAccount: string;
  /** 'MM/DD/YYYY' */
  dob: string;
  externalEmploymentID: string;
  code: string;
};

/** Identity-provider user (FusionAuth shape). */
export type IdentityUser = {
  id: string;
  email: string;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  mobilePhone?: string | null;
  /** 'YYYY-MM-DD' */
  birthDate?: string | null;
  data?: { niNumber?: string | null } & Record<string, unknown>;
};

/** Body of GET/PATCH /api/user/{sub} (plain JSON, not enveloped). */
export type IdentityUserResponse = { user: IdentityUser };

/** Body of PATCH /api/user/{sub}: a partial user, merged by the server. */
export type IdentityUserPatch = {
  user: Partial<Omit<IdentityUser, 'id' | 'data'>> & { data?: { niNumber?: string } };
};
