// An employment as the ownership check finds it: the signed-in user's, with what its pages and PDFs show.
export type OwnedEmployment = {
  id: string;
  employerId: string;
  employerName: string;
  employeeName: string;
  niNumber: string;
  taxCode: string;
  active: boolean;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'YYYY-MM-DD', or null while active. */
  endDate: string | null;
  /** 'YYYY-MM-DD': the last day an ended employment's pay records are served (retention.ts); null while active. */
  retainedUntil: string | null;
  /** The database's version of this employment's payslip list (migration 011): it changes whenever the list does. */
  payslipsVersion: number;
};
