import { Value } from '@sinclair/typebox/value';
import { ERROR_CODES, ERROR_CODE_LIST, errorCodeForStatus, isErrorCode } from '@portal/shared/wire/error-codes';
import { ErrorBodySchema } from '@portal/shared/wire/envelope';

describe('the closed list of error codes', () => {
  it('names each code as a domain and a name, each with what it means', () => {
    for (const code of ERROR_CODE_LIST) {
      expect(code).toMatch(/^[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*$/);
      expect(ERROR_CODES[code].length).toBeGreaterThan(10);
    }
  });

  it('gives every error status a code of the list', () => {
    for (let status = 400; status < 600; status += 1) expect(isErrorCode(errorCodeForStatus(status))).toBe(true);
    expect(errorCodeForStatus(401)).toBe('session.signed_out');
    expect(errorCodeForStatus(429)).toBe('request.too_many');
    expect(errorCodeForStatus(503)).toBe('service.busy');
    expect(errorCodeForStatus(500)).toBe('service.error');
  });

  it('makes the error body refuse a code that is not on the list, or none', () => {
    const body = { status: 400, error: 'Incorrect code', code: 'linking.code_incorrect', triesLeft: 3, data: null };
    expect(Value.Check(ErrorBodySchema, body)).toBe(true);
    expect(Value.Check(ErrorBodySchema, { ...body, code: 'linking.made_up' })).toBe(false);
    const { code: _code, ...uncoded } = body;
    expect(Value.Check(ErrorBodySchema, uncoded)).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
