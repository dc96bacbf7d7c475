// The third demo employer, Glenmore Foods of Dundee, as its import file (api/demo/glenmore.json):
// every form of payslip the payroll rules make (Scottish codes, a K code, weekly pay to a week 53,
// fortnightly and four-weekly pay, NI category M, Plan 4 with a Postgraduate Loan, relief at source
// and salary sacrifice), worked out by api/src/payroll from the plans in plans.ts.
// `pnpm --filter api demo:glenmore` writes the file; demo-data.test.ts checks the file is this.
import { p60Of, runPayroll, type PayrollPlan } from '../../payroll/run';
import { payslipInputOf } from './payslip-input';
import { callumGlenmorePlan, ellieGlenmorePlan, jamieGlenmorePlan, rossGlenmorePlan } from './plans';

export const GLENMORE_EMPLOYER = {
  id: 'er_glenmore',
  name: 'Glenmore Foods Ltd',
  address: '7 Riverside Quay\nDundee\nDD1 4QB',
  payeReference: '583/GF61204',
} as const;

type GlenmoreEmployee = {
  employmentId: string;
  record: Record<string, unknown> & { employeeName: string; niNumber: string };
  plan: PayrollPlan;
  /** Tax years whose P60 the file holds ('2025/26'). */
  p60s: string[];
};

export const GLENMORE_EMPLOYEES: GlenmoreEmployee[] = [
  {
    employmentId: 'em_jamie_glenmore',
    record: {
      employeeName: 'Jamie Campbell',
      email: 'jamie.campbell@example.com',
      mobilePhone: '07700900234',
      niNumber: 'AB135792C',
      bankLast4: '5521',
      birthDate: '1996-08-14',
      startDate: '2022-09-05',
      payrollNumber: 'GF-1042',
      studentLoanPlan: 'plan4',
    },
    plan: jamieGlenmorePlan,
    p60s: ['2023/24'],
  },
  {
    employmentId: 'em_callum_glenmore',
    record: {
      employeeName: 'Callum Reid',
      email: null,
      mobilePhone: '07700900345',
      niNumber: 'AB864213A',
      bankLast4: '7310',
      birthDate: '1984-02-27',
      startDate: '2021-03-01',
      payrollNumber: 'GF-0877',
    },
    plan: callumGlenmorePlan,
    p60s: ['2025/26'],
  },
  {
    employmentId: 'em_ellie_glenmore',
    record: {
      employeeName: 'Ellie Fraser',
      email: 'ellie.fraser@example.com',
      mobilePhone: null,
      niNumber: 'AB507319D',
      bankLast4: '0462',
      birthDate: '2007-01-19',
      startDate: '2026-04-06',
      payrollNumber: 'GF-1201',
    },
    plan: ellieGlenmorePlan,
    p60s: [],
  },
  {
    employmentId: 'em_ross_glenmore',
    record: {
      employeeName: 'Ross Mackay',
      email: 'ross.mackay@example.com',
      mobilePhone: null,
      niNumber: 'AB742086B',
      bankLast4: '3390',
      birthDate: '1979-05-02',
      startDate: '2015-06-01',
      payrollNumber: 'GF-0316',
    },
    plan: rossGlenmorePlan,
    p60s: [],
  },
];

const compactDate = (isoDate: string) => isoDate.replace(/-/g, '');

/** The import file: the four records, one pay run of all their payslips, and the P60s of their finished years. */
export function glenmoreImportFile() {
  const runs = GLENMORE_EMPLOYEES.map((employee) => ({ employee, payslips: runPayroll(employee.plan) }));
  return {
    employments: runs.map(({ employee, payslips }) => ({
      employmentId: employee.employmentId,
      ...employee.record,
      taxCode: payslips.at(-1)!.taxCode,
    })),
    payRun: {
      payRunId: 'glenmore-demo-history',
      payslips: runs.flatMap(({ employee, payslips }) =>
        payslips.map((slip) =>
          payslipInputOf(slip, { payslipId: `ps_${employee.employmentId.slice(3)}_${compactDate(slip.payDate)}`, employmentId: employee.employmentId }),
        ),
      ),
    },
    payDocuments: runs.flatMap(({ employee, payslips }) =>
      employee.p60s.map((taxYear) => {
        const p60 = p60Of(payslips, taxYear);
        const [start] = taxYear.split('/');
        return {
          employmentId: employee.employmentId,
          documentId: `doc_${employee.employmentId.slice(3)}_p60_${taxYear.replace('/', '').slice(2)}`,
          type: 'P60',
          taxYear: taxYear.replace('/', '-'),
          issuedOn: `${Number(start) + 1}-05-29`,
          details: {
            employeeName: employee.record.employeeName,
            niNumber: employee.record.niNumber,
            finalTaxCode: p60.finalTaxCode,
            payPence: p60.payPence,
            taxPence: p60.taxPence,
            nationalInsurancePence: p60.nationalInsurancePence,
            studentLoanPence: p60.studentLoanPence,
          },
        };
      }),
    ),
  };
}
