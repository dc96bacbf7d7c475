import { payDocumentFileName, payslipFileName, proofOfIncomeFileName, safeFilePart, taxYearArchiveName, uniqueNamer } from './names';

describe('names in a tax-year download', () => {
  it('names a payslip by its pay date and employer', () => {
    expect(payslipFileName('2026-10-30', 'Northwind Logistics')).toBe('2026-10-30 Payslip - Northwind Logistics.pdf');
  });

  it.each([
    ['P60', '2025-26 P60 - Northwind Logistics.pdf'],
    ['P45', '2025-26 P45 - Northwind Logistics.pdf'],
    ['P11D', '2025-26 P11D - Northwind Logistics.pdf'],
    ['Pension Letter', '2025-26 Pension letter - Northwind Logistics.pdf'],
  ] as const)('names a %s by its tax year', (kind, name) => expect(payDocumentFileName(kind, '2025/26', 'Northwind Logistics')).toBe(name));

  it('names the archive', () => expect(taxYearArchiveName('2025/26', 'Brightwater Foods plc')).toBe('2025-26 Pay documents - Brightwater Foods plc.zip'));

  it('names a proof of income by the day it was made', () =>
    expect(proofOfIncomeFileName('2026-11-23', 'Northwind: Logistics')).toBe('2026-11-23 Proof of income - Northwind Logistics.pdf'));

  it.each([
    ['Smith & Sons / Haulage: "North"', 'Smith & Sons Haulage North'],
    ['A\u0000B\nC', 'A B C'],
    ['Trailing dots...', 'Trailing dots'],
    ['???', 'Employer'],
    ['..', 'Employer'],
  ])('keeps %j safe as %j', (text, safe) => expect(safeFilePart(text)).toBe(safe));

  it('keeps a long name within limits', () => {
    const name = payslipFileName('2026-10-30', 'X'.repeat(300));
    expect(name.length).toBeLessThanOrEqual(124);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('never gives two files one name', () => {
    const unique = uniqueNamer();
    expect(['a.pdf', 'A.pdf', 'a.pdf', 'b.pdf', 'a (2).pdf'].map(unique)).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b.pdf', 'a (2) (2).pdf']);
  });
});
