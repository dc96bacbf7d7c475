import type { PayDocument } from '@portal/shared/api/types';
import { taxYearOf, yearTotals } from '@portal/shared/pay-insights/tax-year';
import { p60Outcome } from './tax-year-figures';

const year = taxYearOf('2025-10-31');
const totals = yearTotals([], year);
const p60: PayDocument = { ID: 'd', fileType: 'P60', taxYear: '2025/26', filename: 'P60.pdf', figures: null };

describe('p60Outcome', () => {
  it('waits for the year to end', () => expect(p60Outcome(totals, year, [p60], '2026-04-05')).toEqual({ kind: 'year-not-finished' }));
  it('finds no P60 of another year or type', () =>
    expect(
      p60Outcome(
        totals,
        year,
        [
          { ...p60, taxYear: '2024/25' },
          { ...p60, fileType: 'P45' },
        ],
        '2026-04-06',
      ),
    ).toEqual({ kind: 'no-p60' }));
  it('cannot check a P60 without figures', () => expect(p60Outcome(totals, year, [p60], '2026-04-06')).toEqual({ kind: 'p60-without-figures', document: p60 }));
  it('checks a P60 with figures', () => {
    const withFigures = { ...p60, figures: { finalTaxCode: '1257L', pay: 0, incomeTax: 0, nationalInsurance: 0, studentLoan: 0 } };
    expect(p60Outcome(totals, year, [withFigures], '2026-04-06')).toEqual({ kind: 'checked', document: withFigures, check: { agrees: true, differences: [] } });
  });
});
