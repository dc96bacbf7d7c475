import { audiencesOf, parsePageList } from './pages';

const home = { expose: './HomePage', paths: { signedIn: ['/'] }, menu: { label: 'Home', order: 0 }, firstScreen: ['payslips'] };

describe('parsePageList', () => {
  it('returns a well-formed list as it is', () => {
    const list = [home, { expose: './Picker', paths: { signUpIncomplete: ['/setup/select-company', '*'] } }];
    expect(parsePageList(list, 'remote-pay')).toBe(list);
  });

  it('takes a page for one audience', () => {
    const list = [{ expose: './EmployeesPage', paths: { signedIn: ['/employer'] }, audience: 'employerAdmin' }];
    expect(parsePageList(list, 'remote-employer')).toBe(list);
  });

  it.each([
    ['not a list', { pages: [] }, 'expected a list of pages'],
    ['an expose that is no module name', [{ ...home, expose: 'HomePage' }], `expose "HomePage" is not './Name'`],
    ['no routing state', [{ ...home, paths: {} }], 'paths names no routing state'],
    ['a state the host has not', [{ ...home, paths: { signedOut: ['/'] } }], 'unknown routing state "signedOut"'],
    ['a path that is no path', [{ ...home, paths: { signedIn: ['payslips'] } }], 'paths.signedIn is not a list of paths'],
    ['a menu item without an order', [{ ...home, menu: { label: 'Home' } }], 'menu needs a label and an order'],
    ['a menu flag no employment has', [{ ...home, menu: { label: 'Home', order: 0, flag: 'Pension' } }], 'unknown menu flag "Pension"'],
    ['a menu item with no signed-in path', [{ ...home, paths: { signUpIncomplete: ['/x'] } }], 'a menu item needs a signed-in path'],
    ['an unknown first-screen query', [{ ...home, firstScreen: ['salary'] }], 'firstScreen names an unknown query'],
    ['an audience the host has not', [{ ...home, audience: 'payrollClerk' }], 'unknown audience "payrollClerk"'],
  ])('refuses %s, saying what is wrong', (_case, list, problem) => {
    expect(() => parsePageList(list, 'remote-pay')).toThrow(problem);
    expect(() => parsePageList(list, 'remote-pay')).toThrow('Invalid page list of remote-pay: ');
  });
});

describe('audiencesOf', () => {
  it("puts an account holding the role 'employer-admin' in the employer admins' audience", () => {
    expect([...audiencesOf(['employer-admin'])]).toEqual(['employerAdmin']);
    expect([...audiencesOf(['reader', 'employer-admin'])]).toEqual(['employerAdmin']);
  });

  it.each([
    ['no roles', undefined],
    ['other roles', ['reader']],
    ['a role in another case', ['Employer-Admin']],
    ['roles that are not a list', 'employer-admin'],
    ['a list of other things', [{ name: 'employer-admin' }]],
  ])('gives %s no audience', (_case, roles) => {
    expect(audiencesOf(roles).size).toBe(0);
  });
});
