import { heldPageRoles, parsePageList } from './pages';

const home = { expose: './HomePage', paths: { signedIn: ['/'] }, menu: { label: 'Home', order: 0 }, firstScreen: ['payslips'] };

describe('parsePageList', () => {
  it('returns a well-formed list as it is', () => {
    const list = [home, { expose: './Picker', paths: { signUpIncomplete: ['/setup/select-company', '*'] } }];
    expect(parsePageList(list, 'remote-pay')).toBe(list);
  });

  it('takes a page kept for one role', () => {
    const list = [{ expose: './EmployeesPage', paths: { signedIn: ['/employer'] }, role: 'employer-admin' }];
    expect(parsePageList(list, 'remote-employer')).toBe(list);
  });

  it.each([
    ['not a list', { pages: [] }, 'expected a list of pages'],
    ['an expose that is no module name', [{ ...home, expose: 'HomePage' }], `expose "HomePage" is not './Name'`],
    ['no routing state', [{ ...home, paths: {} }], 'paths names no routing state'],
    ['a state the host has not', [{ ...home, paths: { signedOut: ['/'] } }], 'unknown routing state "signedOut"'],
    ['a path that is no path', [{ ...home, paths: { signedIn: ['payslips'] } }], 'paths.signedIn is not a list of paths'],
    ['a menu item without an order', [{ ...home, menu: { label: 'Home' } }], 'menu needs a label and an order'],
    ['a menu item whose Welsh label is not text', [{ ...home, menu: { label: 'Home', labelCy: 5, order: 0 } }], "the menu's Welsh label is not text"],
    ['a menu flag no employment has', [{ ...home, menu: { label: 'Home', order: 0, flag: 'Pension' } }], 'unknown menu flag "Pension"'],
    ['a menu item with no signed-in path', [{ ...home, paths: { signUpIncomplete: ['/x'] } }], 'a menu item needs a signed-in path'],
    ['an unknown first-screen query', [{ ...home, firstScreen: ['salary'] }], 'firstScreen names an unknown query'],
    ['a role the host has not', [{ ...home, role: 'payroll-clerk' }], 'unknown role "payroll-clerk"'],
  ])('refuses %s, saying what is wrong', (_case, list, problem) => {
    expect(() => parsePageList(list, 'remote-pay')).toThrow(problem);
    expect(() => parsePageList(list, 'remote-pay')).toThrow('Invalid page list of remote-pay: ');
  });
});

describe('heldPageRoles', () => {
  it("finds the role 'employer-admin' among an account's roles", () => {
    expect(heldPageRoles(['employer-admin'])).toEqual(['employer-admin']);
    expect(heldPageRoles(['reader', 'employer-admin'])).toEqual(['employer-admin']);
  });

  it.each([
    ['no roles', undefined],
    ['other roles', ['reader']],
    ['a role in another case', ['Employer-Admin']],
    ['roles that are not a list', 'employer-admin'],
    ['a list of other things', [{ name: 'employer-admin' }]],
  ])('finds none in %s', (_case, roles) => {
    expect(heldPageRoles(roles)).toEqual([]);
  });
});
