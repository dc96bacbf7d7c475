import { londonIsoDate } from './london-date';

describe('londonIsoDate', () => {
  it('is the UK date, a day ahead of UTC between midnight and 1 am in summer time', () => {
    expect(londonIsoDate(new Date('2026-06-01T23:30:00Z'))).toBe('2026-06-02');
    expect(londonIsoDate(new Date('2026-06-01T22:59:59Z'))).toBe('2026-06-01');
  });

  it('is the UTC date in winter (GMT)', () => {
    expect(londonIsoDate(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });
});
