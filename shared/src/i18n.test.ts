import { activateLanguage, chooseLanguage, currentLanguage, defineMessages, LANGUAGE_COOKIE, rememberLanguage } from './i18n';
import { intlLocale } from './intl-locale';

const folder = defineMessages('sample', {
  en: { greeting: 'Hello {name}', payslips: '{count, plural, one {# payslip} other {# payslips}}', onlyEnglish: 'Not yet in Welsh' },
  cy: async () => ({
    default: {
      greeting: 'Helo {name}',
      payslips:
        '{count, plural, zero {# slipiau cyflog} one {# slip cyflog} two {# slip cyflog} few {# slip cyflog} many {# slip cyflog} other {# slip cyflog}}',
    },
  }),
});

afterEach(() => {
  activateLanguage('en');
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
});

describe('choosing the language', () => {
  it('takes the cookie first, then the first of the browser’s languages the portal speaks, else English', () => {
    expect(chooseLanguage(`other=1; ${LANGUAGE_COOKIE}=cy`, ['en-GB'])).toBe('cy');
    expect(chooseLanguage(`${LANGUAGE_COOKIE}=en`, ['cy'])).toBe('en');
    expect(chooseLanguage('', ['fr-FR', 'cy-GB', 'en'])).toBe('cy');
    expect(chooseLanguage('', ['de', 'en-US'])).toBe('en');
    expect(chooseLanguage(`${LANGUAGE_COOKIE}=xx`, ['fr'])).toBe('en');
  });

  it('remembers the choice in a cookie the next visit reads', () => {
    rememberLanguage('cy');
    expect(chooseLanguage(document.cookie, [])).toBe('cy');
  });
});

describe('a folder’s messages', () => {
  it('reads English at once, with its values and plurals', () => {
    expect(folder.t('greeting', { name: 'Alex' })).toBe('Hello Alex');
    expect(folder.t('payslips', { count: 1 })).toBe('1 payslip');
    expect(folder.t('payslips', { count: 12 })).toBe('12 payslips');
  });

  it('shows a value as it is written, an escape in it too (a payslip line named by an employer)', () => {
    for (const name of ['Bonus\\u000aPaid twice', 'C:\\x41', 'back\\slash']) expect(folder.t('greeting', { name })).toBe(`Hello ${name}`);
  });

  it('reads Welsh once loaded for a Welsh page, with Welsh plural forms and cy-GB formats, and falls back to English for a message not yet translated', async () => {
    activateLanguage('cy');
    expect(currentLanguage()).toBe('cy');
    expect(document.documentElement.lang).toBe('cy');
    expect(intlLocale()).toBe('cy-GB');
    await folder.load();
    expect(folder.t('greeting', { name: 'Alex' })).toBe('Helo Alex');
    expect(folder.t('payslips', { count: 0 })).toBe('0 slipiau cyflog');
    expect(folder.t('payslips', { count: 2 })).toBe('2 slip cyflog');
    expect(folder.t('onlyEnglish')).toBe('Not yet in Welsh');
  });

  it('leaves a folder in English when its Welsh cannot be loaded, and asks again next time', async () => {
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
    const cy = jest
      .fn<Promise<{ default: Record<string, string> }>, []>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ default: { a: 'A yn Gymraeg' } });
    const flaky = defineMessages('flakyWelsh', { en: { a: 'A in English' }, cy });
    activateLanguage('cy');
    await expect(flaky.load()).resolves.toBeUndefined();
    expect(flaky.t('a')).toBe('A in English');
    expect(errorLog).toHaveBeenCalledWith('The Welsh texts of flakyWelsh could not be loaded.', expect.any(Error));
    await flaky.load();
    expect(flaky.t('a')).toBe('A yn Gymraeg');
    expect(cy).toHaveBeenCalledTimes(2);
    errorLog.mockRestore();
  });

  it('loads no Welsh for an English page', async () => {
    const cy = jest.fn(async () => ({ default: {} }));
    const english = defineMessages('englishOnly', { en: { a: 'A' }, cy });
    await english.load();
    expect(cy).not.toHaveBeenCalled();
    expect(english.t('a')).toBe('A');
    expect(intlLocale()).toBe('en-GB');
  });
});
