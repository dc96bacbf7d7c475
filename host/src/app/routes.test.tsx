import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AuthorisedUser } from '@portal/shared/api/types';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import { resetStores } from '@portal/shared/testing/render';
import type { RemotePageList } from '@portal/shared/pages';
import { PORTAL_PAGE_LISTS, setHostTestRuntimeConfig } from '../testing/portal-pages';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { resetSdkState, sdkState } from '../testing/host-mocks';
import { routesFor } from './routes';

const northwind = { ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null };
const brightwater = { ID: 'e2', name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31' };

function user(employments = [northwind, brightwater], privacyPolicyAccepted = true): AuthorisedUser {
  return { userID: 'u1', email: 'alex.morgan@example.com', privacyPolicyAccepted, employments };
}

function serve(authorised: AuthorisedUser | 'unauthorised') {
  return mockApi({
    'GET /api/users/authorised': authorised === 'unauthorised' ? errorReply(401, 'Sign in again') : envelopeReply([authorised]),
    'GET /api/users/:userId/employments/:employmentId/document_types': envelopeReply([
      { Payslip: true, Documents: true, P45: false, P60: true, P11d: false, PensionLetter: false },
    ]),
  });
}

function mount(state: 'signedOut' | 'signUpIncomplete' | 'signedIn', path: string) {
  const router = createMemoryRouter(routesFor(state), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetStores();
  resetSdkState();
  setHostTestRuntimeConfig();
});

describe('signed out', () => {
  it.each(['/', '/home'])('shows the landing page at %s', async (path) => {
    mount('signedOut', path);
    // From the host-pages chunk (HostPage.tsx), loaded on first use.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeInTheDocument();
  });

  it('starts sign-in from the landing page buttons', async () => {
    mount('signedOut', '/');
    act(() => screen.getByRole('button', { name: 'Sign in' }).click());
    act(() => screen.getByRole('button', { name: 'Create an account' }).click());
    expect(sdkState.startLogin).toHaveBeenCalledTimes(1);
    expect(sdkState.startRegister).toHaveBeenCalledTimes(1);
  });

  it('starts login at once on /login, and registration on /sign-up, showing a blank page', () => {
    const { container } = render(<RouterProvider router={createMemoryRouter(routesFor('signedOut'), { initialEntries: ['/login'] })} />);
    expect(sdkState.startLogin).toHaveBeenCalledTimes(1);
    expect(container).toBeEmptyDOMElement();
    mount('signedOut', '/sign-up');
    expect(sdkState.startRegister).toHaveBeenCalledTimes(1);
  });

  it('waits while user info is being fetched before starting login', () => {
    sdkState.isFetchingUserInfo = true;
    mount('signedOut', '/login');
    expect(sdkState.startLogin).not.toHaveBeenCalled();
  });

  it.each([
    ['/support', 'Support'],
    ['/FAQs', 'Frequently asked questions'],
    ['/contact-details', 'Contact details'],
    ['/accessibility', 'Accessibility statement for the pay portal'],
    ['/privacy', 'Privacy and cookies'],
  ])('shows %s at its own address, with Help in the header and the footer', async (path, heading) => {
    mount('signedOut', path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const help = within(screen.getByRole('banner')).getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', '/support');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute('href', '/accessibility');
  });

  it('goes from the signed-out FAQs back to Support and home by keyboard', async () => {
    const router = mount('signedOut', '/FAQs');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    screen.getByRole('link', { name: 'Pay portal' }).focus();
    act(() => screen.getByRole('link', { name: 'Help' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    expect(await screen.findByRole('link', { name: 'Frequently asked questions' })).toBeInTheDocument();
  });

  it('redirects any other path to /, keeping the token parameter', async () => {
    const router = mount('signedOut', '/payslips?token=INVITE-1&other=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?token=INVITE-1');
  });
});

describe('signed in, sign-up not complete', () => {
  const table: [string, string][] = [
    ['/setup', 'remote_onboarding/SetupPage'],
    ['/setup/link', 'remote_onboarding/LinkEmployerPage'],
    ['/setup/confirm-account', 'remote_onboarding/ConfirmAccountPage'],
    ['/setup/notifications', 'remote_onboarding/NotificationsPage'],
    ['/setup/select-company', 'remote_onboarding/SelectCompanyPage'],
    ['/anything/else', 'remote_onboarding/SelectCompanyPage'],
    ['/payslips', 'remote_onboarding/SelectCompanyPage'],
  ];

  it.each(table)('%s shows %s', async (path, page) => {
    serve(user());
    mount('signUpIncomplete', path);
    expect(await screen.findByText(`remote page ${page}`)).toBeInTheDocument();
  });

  it.each([
    ['/support', 'Support'],
    ['/FAQs', 'Frequently asked questions'],
    ['/contact-details', 'Contact details'],
    ['/accessibility', 'Accessibility statement for the pay portal'],
    ['/privacy', 'Privacy and cookies'],
  ])('%s shows the host page %s', async (path, heading) => {
    serve(user());
    mount('signUpIncomplete', path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/setup', '/setup/link', '/setup/select-company'])("has a 'Help' link to /support in the header on %s", async (path) => {
    serve(user());
    mount('signUpIncomplete', path);
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/support');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute('href', '/accessibility');
  });

  it('loads the authorised user and stores its userID', async () => {
    const api = serve(user());
    mount('signUpIncomplete', '/setup');
    await waitFor(() => expect(useSessionStore.getState().userId).toBe('u1'));
    expect(api.requests.map((request) => request.path)).toContain('/api/users/authorised');
  });

  it('sends a user with no employments to /setup', async () => {
    serve(user([]));
    const router = mount('signUpIncomplete', '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
  });

  it('auto-selects a single employment when the policy is accepted, completes sign-up and goes to /', async () => {
    serve(user([northwind]));
    const router = mount('signUpIncomplete', '/setup/select-company');
    await waitFor(() => expect(useSignUpStore.getState().isSignedUp).toBe(true));
    expect(useSessionStore.getState().employmentId).toBe('e1');
    expect(localStorage.getItem('employmentID')).toBe('e1');
    expect(router.state.location.pathname).toBe('/');
  });

  it('does not auto-select on /select-company, nor before the policy is accepted', async () => {
    serve(user([northwind], false));
    mount('signUpIncomplete', '/');
    expect(await screen.findByText('remote page remote_onboarding/SelectCompanyPage')).toBeInTheDocument();
    await waitFor(() => expect(useSessionStore.getState().userId).toBe('u1'));
    expect(useSignUpStore.getState().isSignedUp).toBe(false);
  });

  it('lets a user with several employments pick one', async () => {
    serve(user());
    mount('signUpIncomplete', '/');
    await waitFor(() => expect(useSessionStore.getState().userId).toBe('u1'));
    expect(screen.getByText('remote page remote_onboarding/SelectCompanyPage')).toBeInTheDocument();
    expect(useSignUpStore.getState().isSignedUp).toBe(false);
  });

  it("performs the picker's selectEmployment: stores it, goes to / (keeping the token) and then completes sign-up", async () => {
    serve(user());
    const router = mount('signUpIncomplete', '/setup/select-company?token=INVITE-1');
    await screen.findByText('remote page remote_onboarding/SelectCompanyPage');
    const signedUpAt: string[] = [];
    const stop = useSignUpStore.subscribe((state) => {
      if (state.isSignedUp) signedUpAt.push(router.state.location.pathname);
    });
    // What the account picker remote calls through @portal/shared/contract.
    await act(() => useHostActions.getState().selectEmployment('e2'));
    stop();
    expect(useSessionStore.getState().employmentId).toBe('e2');
    expect(localStorage.getItem('employmentID')).toBe('e2');
    expect(router.state.location).toMatchObject({ pathname: '/', search: '?token=INVITE-1' });
    // Only once '/' is reached: the host swaps its route table when sign-up completes.
    expect(signedUpAt).toEqual(['/']);
  });

  it('signs the user out on a 401 from the authorised-user call', async () => {
    const signOut = jest.fn();
    useHostActions.setState({ signOut });
    serve('unauthorised');
    mount('signUpIncomplete', '/setup');
    await waitFor(() => expect(signOut).toHaveBeenCalled());
  });
});

describe('signed in, sign-up complete', () => {
  const table: [string, string][] = [
    ['/', 'remote_pay/HomePage'],
    ['/documents', 'remote_documents/DocumentsPage'],
    ['/profile', 'remote_profile/ProfilePage'],
    ['/P60', 'remote_documents/PayDocumentsPage'],
    ['/P11d', 'remote_documents/PayDocumentsPage'],
    ['/P45', 'remote_documents/PayDocumentsPage'],
    ['/pension-letters', 'remote_documents/PayDocumentsPage'],
    ['/payslips', 'remote_pay/PayslipsPage'],
    ['/payslips/p-1', 'remote_pay/PayslipDetailPage'],
    ['/payslips/compare', 'remote_pay/PayslipComparePage'],
    ['/tax-year', 'remote_pay/TaxYearPage'],
    ['/settings', 'remote_profile/SettingsPage'],
    ['/settings/notifications', 'remote_onboarding/NotificationsPage'],
    ['/setup', 'remote_onboarding/SetupPage'],
    ['/setup/link', 'remote_onboarding/LinkEmployerPage'],
    ['/setup/confirm-account', 'remote_onboarding/ConfirmAccountPage'],
    ['/select-company', 'remote_onboarding/SelectCompanyPage'],
  ];

  beforeEach(() => {
    useSessionStore.getState().setEmploymentId('e1');
    useSignUpStore.getState().setSignedUp(true);
  });

  it.each(table)('%s shows %s inside the shell', async (path, page) => {
    serve(user());
    mount('signedIn', path);
    expect(await screen.findByText(`remote page ${page}`)).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main' })[0]).toBeInTheDocument();
  });

  it('performs selectEmployment from /select-company: the new employment, and Home', async () => {
    serve(user());
    const router = mount('signedIn', '/select-company');
    await screen.findByText('remote page remote_onboarding/SelectCompanyPage');
    await act(() => useHostActions.getState().selectEmployment('e2'));
    expect(useSessionStore.getState().employmentId).toBe('e2');
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('remote page remote_pay/HomePage')).toBeInTheDocument();
  });

  it.each(['/home', '/setup/notifications', '/nowhere'])('redirects %s to /, keeping the token', async (path) => {
    serve(user());
    const router = mount('signedIn', `${path}?token=abc`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?token=abc');
  });
});

describe('pages composed from the remotes’ page lists', () => {
  beforeEach(() => {
    useSessionStore.getState().setEmploymentId('e1');
    useSignUpStore.getState().setSignedUp(true);
  });

  it('routes to a page a remote adds to its list, and shows its menu item, with no change to the host', async () => {
    const pay = PORTAL_PAGE_LISTS.pay as RemotePageList;
    setHostTestRuntimeConfig({
      pages: { ...PORTAL_PAGE_LISTS, pay: [...pay, { expose: './PayRisePage', paths: { signedIn: ['/pay-rise'] }, menu: { label: 'Pay rise', order: 55 } }] },
    });
    serve(user());
    mount('signedIn', '/pay-rise');
    expect(await screen.findByText('remote page remote_pay/PayRisePage')).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(menu).getByRole('link', { name: 'Pay rise' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the unavailable panel at a path two remotes claim, and the rest keeps working', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const profile = PORTAL_PAGE_LISTS.profile as RemotePageList;
    setHostTestRuntimeConfig({ pages: { ...PORTAL_PAGE_LISTS, profile: [...profile, { expose: './Clash', paths: { signedIn: ['/Payslips'] } }] } });
    serve(user());
    mount('signedIn', '/payslips');
    expect(await screen.findByRole('heading', { level: 1, name: 'This section is unavailable' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('/Payslips is claimed by remote_pay/PayslipsPage and remote_profile/Clash'));
    const router = mount('signedIn', '/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByText('remote page remote_profile/SettingsPage')).toBeInTheDocument();
  });

  it.each([
    ['missing', undefined],
    ['not a page list', [{ expose: 'DocumentsPage' }]],
  ])("a remote whose page list is %s: its paths show the unavailable panel, other remotes' pages work", async (_case, list) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { documents: _documents, ...others } = PORTAL_PAGE_LISTS;
    setHostTestRuntimeConfig({ pages: list === undefined ? others : { ...others, documents: list } });
    serve(user());
    mount('signedIn', '/documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'This section is unavailable' })).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Payslips' })).toBeInTheDocument());
    expect(within(menu).queryByRole('link', { name: 'Documents' })).not.toBeInTheDocument();
    mount('signedIn', '/payslips');
    expect(await screen.findByText('remote page remote_pay/PayslipsPage')).toBeInTheDocument();
  });
});

describe("pages kept for one role: the employer console's", () => {
  const admin = { sub: 'u1', email: 'alex.morgan@example.com', roles: ['employer-admin'] };
  const employee = { sub: 'u1', email: 'alex.morgan@example.com', roles: [] };

  describe('signed in', () => {
    beforeEach(() => {
      useSessionStore.getState().setEmploymentId('e1');
      useSignUpStore.getState().setSignedUp(true);
    });

    it.each([
      ['/employer', 'remote_employer/EmployeesPage'],
      ['/employer/employees/emp-7', 'remote_employer/EmployeeRecordPage'],
      ['/employer/audit', 'remote_employer/AuditLogPage'],
      ['/employer/admins', 'remote_employer/AdminsPage'],
    ])('an employer admin is served %s (%s) and sees the menu item "Employer console"', async (path, page) => {
      useSessionStore.getState().setUserInfo(admin);
      serve(user());
      mount('signedIn', path);
      expect(await screen.findByText(`remote page ${page}`)).toBeInTheDocument();
      const menu = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
      expect(within(menu).getByRole('link', { name: 'Employer console' })).toHaveAttribute('href', '/employer');
      expect(within(menu).getByRole('link', { name: 'Employer console' })).toHaveAttribute('aria-current', 'page');
    });

    it.each(['/employer', '/employer/employees/emp-7', '/employer/audit', '/employer/admins'])(
      'an employee is not: %s goes home as any unknown path does, and the menu has no console',
      async (path) => {
        useSessionStore.getState().setUserInfo(employee);
        serve(user());
        const router = mount('signedIn', path);
        await waitFor(() => expect(router.state.location.pathname).toBe('/'));
        expect(await screen.findByText('remote page remote_pay/HomePage')).toBeInTheDocument();
        const menu = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
        await waitFor(() => expect(within(menu).getByRole('link', { name: 'Home' })).toBeInTheDocument());
        expect(within(menu).queryByRole('link', { name: 'Employer console' })).not.toBeInTheDocument();
        expect(screen.queryByText(/remote_employer/)).not.toBeInTheDocument();
      },
    );

    it('serves accepting an admin invitation to any signed-in user', async () => {
      useSessionStore.getState().setUserInfo(employee);
      serve(user());
      mount('signedIn', '/employer/accept?token=abc');
      expect(await screen.findByText('remote page remote_employer/AcceptInvitationPage')).toBeInTheDocument();
    });
  });

  describe('sign-up not complete (an admin may be no employee anywhere)', () => {
    it('an employer admin with no employment stays on the console: it is not taken away to set-up', async () => {
      useSessionStore.getState().setUserInfo(admin);
      serve(user([]));
      const router = mount('signUpIncomplete', '/employer/audit');
      expect(await screen.findByText('remote page remote_employer/AuditLogPage')).toBeInTheDocument();
      await waitFor(() => expect(useSessionStore.getState().userId).toBe('u1'));
      expect(router.state.location.pathname).toBe('/employer/audit');
    });

    it('an employer admin with no employment who arrives at / starts on the console, not set-up', async () => {
      useSessionStore.getState().setUserInfo(admin);
      serve(user([]));
      const router = mount('signUpIncomplete', '/');
      await waitFor(() => expect(router.state.location.pathname).toBe('/employer'));
      expect(await screen.findByText('remote page remote_employer/EmployeesPage')).toBeInTheDocument();
    });

    it('an employer admin who came by an employee invitation link goes to set-up with its token', async () => {
      useSessionStore.getState().setUserInfo(admin);
      serve(user([]));
      const router = mount('signUpIncomplete', '/?token=abc');
      await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
      expect(router.state.location.search).toBe('?token=abc');
    });

    it('anyone accepting an admin invitation stays on it', async () => {
      useSessionStore.getState().setUserInfo(employee);
      serve(user([]));
      const router = mount('signUpIncomplete', '/employer/accept?token=abc');
      expect(await screen.findByText('remote page remote_employer/AcceptInvitationPage')).toBeInTheDocument();
      await waitFor(() => expect(useSessionStore.getState().userId).toBe('u1'));
      expect(router.state.location.pathname).toBe('/employer/accept');
    });

    it('an employee at /employer gets what any unknown path gives: the account picker, or set-up with no employment', async () => {
      useSessionStore.getState().setUserInfo(employee);
      serve(user([]));
      const router = mount('signUpIncomplete', '/employer');
      await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
      expect(screen.queryByText(/remote_employer/)).not.toBeInTheDocument();
    });
  });
});
