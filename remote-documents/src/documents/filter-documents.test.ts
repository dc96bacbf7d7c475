import { filterByFilename } from './filter-documents';

const documents = [{ filename: 'Staff Handbook 2026.pdf' }, { filename: 'Holiday policy.pdf' }, { filename: 'handbook-summary.PDF' }];

describe('filterByFilename', () => {
  it('keeps the files whose name contains the search, ignoring case', () => {
    expect(filterByFilename(documents, 'HANDBOOK').map((d) => d.filename)).toEqual(['Staff Handbook 2026.pdf', 'handbook-summary.PDF']);
    expect(filterByFilename(documents, 'pdf')).toHaveLength(3);
    expect(filterByFilename(documents, 'y p').map((d) => d.filename)).toEqual(['Holiday policy.pdf']);
  });

  it('keeps everything for an empty or blank search, and nothing when none match', () => {
    expect(filterByFilename(documents, '')).toHaveLength(3);
    expect(filterByFilename(documents, '   ')).toHaveLength(3);
    expect(filterByFilename(documents, 'payslip')).toEqual([]);
  });
});
