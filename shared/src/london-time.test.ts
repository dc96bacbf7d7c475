import { activateLanguage } from './i18n';
import { formatLondonDay, formatLondonTime } from './london-time';

describe('London times', () => {
  afterEach(() => activateLanguage('en'));

  it('writes the UK day and time of an instant, in summer and winter time', () => {
    expect(formatLondonTime('2026-03-03T14:05:00Z')).toBe('3 March 2026, 14:05');
    expect(formatLondonTime('2026-07-01T23:30:00Z')).toBe('2 July 2026, 00:30');
    expect(formatLondonDay('2026-07-01T23:30:00Z')).toBe('2 July 2026');
    expect(formatLondonTime('not a time')).toBe('not a time');
  });

  it('writes the day in the page’s language', async () => {
    await activateLanguage('cy');
    expect(formatLondonTime('2026-03-03T14:05:00Z')).toBe('3 Mawrth 2026, 14:05');
    expect(formatLondonDay('2026-11-02T09:30:00Z')).toBe('2 Tachwedd 2026');
  });
});
