import {
  ACCESS_TOKEN_EXPIRY_COOKIE,
  AUTO_REFRESH_SECONDS_BEFORE_EXPIRY,
  BANK_ACCOUNT_DIGITS,
  CURRENCY,
  DAY_MAX_LENGTH,
  DEFAULT_USER_ID,
  FAQ_COUNT,
  FINALIZE_MIN_RESPONSE_LENGTH,
  LINKING_CODE_LENGTH,
  LINKING_CODE_MAX,
  LINKING_CODE_MIN,
  LOCALE,
  MONTH_MAX_LENGTH,
  NO_PAYSLIP_DATA_TEXT,
  PHONE_CHANNEL_NO_TOKEN,
  RESEND_LOCKOUT_SECONDS,
  RING_CHART,
  SIGN_IN_PATHS,
  STORAGE_KEYS,
  UPDATE_CREATED_DATE_LENGTH,
  YEAR_MAX_LENGTH,
} from './constants';

describe('constants of spec section 9', () => {
  it('has the linking code limits', () => {
    expect(LINKING_CODE_LENGTH).toBe(6);
    expect(LINKING_CODE_MIN).toBe(100000);
    expect(LINKING_CODE_MAX).toBe(999999);
    expect(String(LINKING_CODE_MIN)).toHaveLength(LINKING_CODE_LENGTH);
    expect(String(LINKING_CODE_MAX)).toHaveLength(LINKING_CODE_LENGTH);
    expect(RESEND_LOCKOUT_SECONDS).toBe(30);
  });

  it('has the confirm-account limits', () => {
    expect(BANK_ACCOUNT_DIGITS).toBe(4);
    expect([DAY_MAX_LENGTH, MONTH_MAX_LENGTH, YEAR_MAX_LENGTH]).toEqual([2, 2, 4]);
    expect(FINALIZE_MIN_RESPONSE_LENGTH).toBe(30);
  });

  it('has the sign-in defaults', () => {
    expect(AUTO_REFRESH_SECONDS_BEFORE_EXPIRY).toBe(10);
    expect(ACCESS_TOKEN_EXPIRY_COOKIE).toBe('__Host-app.at_exp');
    expect(SIGN_IN_PATHS).toEqual({
      me: '/app/me/',
      login: '/app/login/',
      register: '/app/register/',
      logout: '/app/logout/',
      refresh: '/app/refresh/',
      account: '/account/',
    });
  });

  it('has the display constants', () => {
    expect(CURRENCY).toBe('GBP');
    expect(LOCALE).toBe('en-GB');
    expect(UPDATE_CREATED_DATE_LENGTH).toBe(10);
    expect(RING_CHART).toEqual({ innerSize: '62%', size: 50, height: 56, colours: { deductions: '#E59AC9', netPay: '#cb3493' } });
    expect(FAQ_COUNT).toBe(5);
    expect(NO_PAYSLIP_DATA_TEXT).toBe('No payslip data to display');
  });

  it('has the storage keys and defaults', () => {
    expect(DEFAULT_USER_ID).toBe('0');
    expect(PHONE_CHANNEL_NO_TOKEN).toBe('0');
    expect(STORAGE_KEYS).toEqual({
      userId: 'currentUserID',
      employmentId: 'employmentID',
      token: 'token',
      signUp: 'signUp',
      lastEmploymentChoice: 'lastEmploymentChoice',
    });
  });
});
