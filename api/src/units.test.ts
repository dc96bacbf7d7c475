// Small pure pieces: redirect allow-list, input normalising, config (the payroll's own tests are in payroll/).
import { safeRedirect, withQuery } from './http/redirects';
import { normalisePhone, usDateToIso } from './linking/normalise';
import { loadConfig } from './config';
import { REGISTRATION_LIMITS } from './auth/throttle-rules';

describe('redirect allow-list', () => {
  const allowed = ['http://localhost:8080', 'https://pay.example.co.uk'];
  it.each([
    ['/', '/'],
    ['/payslips?x=1', '/payslips?x=1'],
    ['http://localhost:8080/', 'http://localhost:8080/'],
    ['http://localhost:8080', 'http://localhost:8080/'],
    ['https://pay.example.co.uk/home', 'https://pay.example.co.uk/home'],
  ])('allows %s', (input, output) => expect(safeRedirect(input, allowed)).toBe(output));
  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'http://localhost:8081/',
    'http://user:pw@localhost:8080/',
    'javascript:alert(1)',
    'data:text/html,x',
    '/\nfoo',
    'https://pay.example.co.uk.evil.example/',
  ])('refuses %s', (input) => expect(safeRedirect(input, allowed)).toBeNull());
  it('adds query parameters to relative and absolute targets', () => {
    expect(withQuery('/', { state: 'a b' })).toBe('/?state=a+b');
    expect(withQuery('http://localhost:8080/x?y=1', { state: 's' })).toBe('http://localhost:8080/x?y=1&state=s');
    expect(withQuery('/app/callback/', { code: 'c', state: undefined })).toBe('/app/callback/?code=c');
  });
});

describe('normalising what people type', () => {
  it.each([
    ['07700900123', '07700900123'],
    ['07700 900123', '07700900123'],
    ['+44 7700 900123', '07700900123'],
    ['0044 7700 900123', '07700900123'],
    ['(07700) 900-123', '07700900123'],
  ])('phone %s', (input, output) => expect(normalisePhone(input)).toBe(output));

  it.each([
    ['05/14/1990', '1990-05-14'],
    ['5/4/1990', '1990-05-04'],
    ['02/29/2024', '2024-02-29'],
    ['02/29/2023', null],
    ['14/05/1990', null],
    ['1990-05-14', null],
  ])('dob %s', (input, output) => expect(usDateToIso(input)).toBe(output));
});

describe('config', () => {
  it('has local defaults', () => {
    const config = loadConfig({ TOKEN_SECRET: 'x'.repeat(32) });
    expect(config.port).toBe(4000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.sqlitePath).toMatch(/api\/data\/portal\.sqlite$/);
    expect(config.allowedRedirectOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.devOutbox).toBe(false); // opt-in: DEV_OUTBOX=on
    expect(config.registrationsPerAddressPerHour).toBe(REGISTRATION_LIMITS.perAddress.max);
  });
  it('lets an operator allow more registrations from one address', () => {
    expect(loadConfig({ TOKEN_SECRET: 'x'.repeat(32), REGISTRATIONS_PER_ADDRESS_PER_HOUR: '150' }).registrationsPerAddressPerHour).toBe(150);
    expect(() => loadConfig({ TOKEN_SECRET: 'x'.repeat(32), REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0' })).toThrow(/REGISTRATIONS_PER_ADDRESS_PER_HOUR/);
  });
  it('offers English alone until LANGUAGES adds Welsh, as the runtime config does', () => {
    const secret = { TOKEN_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).languages).toEqual(['en']);
    expect(loadConfig({ ...secret, LANGUAGES: 'en,cy' }).languages).toEqual(['en', 'cy']);
    expect(loadConfig({ ...secret, LANGUAGES: 'cy' }).languages).toEqual(['en', 'cy']);
    expect(() => loadConfig({ ...secret, LANGUAGES: 'en,fr' })).toThrow(/LANGUAGES.*fr/);
  });
  it('turns the outbox off and demands a secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TOKEN_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://pay.example.co.uk' }).devOutbox).toBe(false);
  });
  it('refuses nonsense', () => {
    expect(() => loadConfig({ TOKEN_SECRET: 'x'.repeat(32), ACCESS_TOKEN_TTL_SECONDS: 'soon' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
    expect(() => loadConfig({ TOKEN_SECRET: 'x'.repeat(32), ALLOWED_REDIRECTS: 'not a url' })).toThrow(/ALLOWED_REDIRECTS/);
  });
});
