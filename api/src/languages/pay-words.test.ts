// The API words a payslip's explanations from the screens' own catalog, in the language of the
// document it draws, whatever another document in another language is drawing at the same time.
import { explainTaxCode } from '@portal/shared/pay-insights/tax-code';
import { payPeriodWords, taxPeriodDetail, taxPeriodName } from '@portal/shared/pay-insights/tax-period';
import { comparePayslips } from '@portal/shared/pay-insights/what-changed';
import cy from '@portal/shared/pay-insights/messages/cy.json';
import en from '@portal/shared/pay-insights/messages/en.json';
import { payWords } from './pay-words';

describe('the pay explanations drawn by the API', () => {
  it('are the English of the screens', () => {
    const words = payWords('en');
    expect(explainTaxCode('S1257L', words).details).toContain(en.regionScotland);
    expect(taxPeriodName('weekly', 53, words)).toBe('Week 53');
    expect(taxPeriodDetail('weekly', '2024-04-05', 53, words)).toBe('4 April 2024 to 5 April 2024, the 53rd weekly pay day of the 2023 to 2024 tax year');
    expect(payPeriodWords('monthly', '2026-10-30', words)).toBe('October 2026');
  });

  it('are Welsh for a Welsh document, dates too', () => {
    const words = payWords('cy');
    const code = explainTaxCode('1257L', words);
    expect(code.summary).toBe(cy.allowanceSummary.replace('{amount}', '£12,570'));
    expect(code.details).toEqual([cy.letterStandardL]);
    expect(taxPeriodName('weekly', 53, words)).toMatch(/^Wythnos 53$/);
    expect(payPeriodWords('monthly', '2026-10-30', words)).toBe('Hydref 2026');
    expect(taxPeriodDetail('weekly', '2024-04-05', 53, words)).toContain('4 Ebrill 2024');
  });

  it('keep each document in its own language, whatever was drawn before it (no language is global)', () => {
    const previous = {
      payDate: '2026-09-30',
      taxCode: '1257L',
      niCategory: 'A',
      earnings: [{ kind: 'basic' as const, name: 'Basic pay', amountPence: 300_000 }],
      deductions: [{ kind: 'income-tax' as const, name: 'Income Tax', amountPence: 35_000 }],
      netPence: 265_000,
    };
    const current = {
      ...previous,
      payDate: '2026-10-31',
      taxCode: '1157L',
      deductions: [{ ...previous.deductions[0]!, amountPence: 36_667 }],
      netPence: 263_333,
    };
    const english = 'Your tax code changed from 1257L to 1157L: your tax-free amount went down by £1,000 a year (from £12,570 to £11,570).';
    for (const language of ['en', 'cy', 'en', 'cy'] as const) {
      const [note] = comparePayslips(previous, current, payWords(language)).notes;
      if (language === 'en') expect(note).toBe(english);
      else expect(note).toMatch(/^[^]*1257L[^]*1157L[^]*£1,000[^]*£12,570[^]*£11,570/);
      if (language === 'cy') expect(note).not.toBe(english);
    }
  });
});
