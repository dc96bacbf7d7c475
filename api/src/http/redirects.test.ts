// The redirect allow-list judged as a browser reads the Location it ends up in: whatever the input
// (dot segments, slashes, backslashes, percent-encodings, hosts), a target that is accepted resolves
// to the portal's own origin or an allowed one once withQuery has built the Location.
import fc from 'fast-check';
import { safeRedirect, withQuery } from './redirects';
import { redirectTargets } from '../test/redirect-targets';

const OWN = 'https://api.portal.test';
const ALLOWED = ['http://localhost:8080', 'https://pay.example.co.uk'];

/** Where a browser on the portal goes when it is sent this Location. */
const landsOn = (location: string) => new URL(location, `${OWN}/account/sign-in`).origin;

describe('safeRedirect + withQuery', () => {
  it.each([
    '/..//evil.example/',
    '/.//evil.example/',
    '/%2e%2e//evil.example/',
    '/%2E%2E//evil.example/',
    '/.\\/evil.example/',
    '/.\\\\evil.example/',
    '/..\\/evil.example/',
    '/a/../..//evil.example/',
  ])('refuses %s, which resolves to another origin', (input) => {
    expect(safeRedirect(input, ALLOWED)).toBeNull();
  });

  it('hands back a path resolved, so what was checked is what is sent', () => {
    expect(safeRedirect('/.\\evil.example/', ALLOWED)).toBe('/evil.example/'); // a path on the portal
    expect(safeRedirect('/a/./b/../payslips?x=1#top', ALLOWED)).toBe('/a/payslips?x=1#top');
    expect(safeRedirect('/%2e%2e/payslips', ALLOWED)).toBe('/payslips');
  });

  it('never builds a Location that leaves the portal, even from an unchecked target', () => {
    expect(() => withQuery('/..//evil.example/', { state: 'x' })).toThrow(/off the portal/);
  });

  it('accepts only targets whose Location resolves to the portal or an allowed origin (property)', () => {
    fc.assert(
      fc.property(redirectTargets, fc.string({ maxLength: 20 }), (target, state) => {
        const checked = safeRedirect(target, ALLOWED);
        if (checked === null) return;
        const location = withQuery(checked, { state });
        expect([OWN, ...ALLOWED]).toContain(landsOn(location));
        // Checking is stable: the checked form passes as itself.
        expect(safeRedirect(checked, ALLOWED)).toBe(checked);
      }),
      { numRuns: 3000 },
    );
  });
});
