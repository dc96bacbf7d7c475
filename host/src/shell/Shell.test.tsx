import { act, screen, waitFor, within } from '@testing-library/react';
import { flashState } from '@portal/shared/flash-notice';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores } from '@portal/shared/testing/render';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { activateLanguage } from '@portal/shared/i18n';
import { frame } from '../messages';
import { Shell } from './Shell';

const flags = { Payslip: true, Documents: false, P45: true, P60: true, P11d: false, PensionLetter: true };

function authorisedUser(employmentCount: number) {
  const employments = [
    { ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null },
    { ID: 'e2', name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31' },
  ].slice(0, employmentCount);
  return envelopeReply([{ userID: 'u1', privacyPolicyAccepted: true, employments }]);
}

function serve(employmentCount: number) {
  return mockApi({
    'GET /api/users/authorised': authorisedUser(employmentCount),
    'GET /api/users/:userId/employments/:employmentId/document_types': envelopeReply([flags]),
  });
}

function renderShell(route = '/') {
  return renderWithProviders(<Shell />, { route, path: '*' });
}

beforeEach(() => {
  resetStores();
  setHostTestRuntimeConfig();
  useSessionStore.getState().setEmploymentId('e1');
});

describe('the navigation shell', () => {
  it("has a 'Help' link to /support in the top bar, current on the support pages", async () => {
    serve(2);
    renderShell('/');
    const help = within(screen.getByRole('banner')).getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', '/support');
    expect(help).not.toHaveAttribute('aria-current');
    await screen.findByRole('link', { name: 'Change company' });
  });

  it.each(['/support', '/FAQs', '/contact-details'])("marks 'Help' current on %s", async (route) => {
    serve(2);
    renderShell(route);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('link', { name: 'Change company' });
  });

  it('ends every page with the footer: the accessibility statement and privacy and cookies', async () => {
    serve(2);
    renderShell('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute('href', '/accessibility');
    expect(within(footer).getByRole('link', { name: 'Privacy and cookies' })).toHaveAttribute('href', '/privacy');
    await screen.findByRole('link', { name: 'Change company' });
  });

  it('shows Home always and each document type only when its flag says so', async () => {
    serve(2);
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Payslips' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'P60s' })).toHaveAttribute('href', '/P60');
    expect(within(nav).getByRole('link', { name: 'P45s' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Pension Letters' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Documents' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'P11Ds' })).not.toBeInTheDocument();
  });

  it('asks for the flags of the selected employment', async () => {
    const api = serve(2);
    renderShell();
    await waitFor(() => expect(api.requests.map((r) => r.path)).toContain('/api/users/u1/employments/e1/document_types'));
  });

  it('marks Home as the current page on / and on /home', async () => {
    serve(2);
    renderShell('/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks Home current on /home too', () => {
    serve(2);
    renderShell('/home');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it("offers 'Change company' with several employments", async () => {
    serve(2);
    renderShell();
    expect(await screen.findByRole('link', { name: 'Change company' })).toHaveAttribute('href', '/select-company');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('banner')).toHaveTextContent('Northwind Logistics Ltd');
  });

  it("offers 'Add company' with one employment", async () => {
    serve(1);
    renderShell();
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Northwind Logistics Ltd'));
    expect(screen.getByRole('link', { name: 'Add company' })).toHaveAttribute('href', '/setup');
  });

  it("signs out through the host's action", async () => {
    const signOut = jest.fn();
    serve(2);
    const { user } = renderShell();
    useHostActions.setState({ signOut });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

describe('in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('offers Cymraeg in the top bar, named in Welsh, only where the config offers Welsh', async () => {
    serve(2);
    const { unmount } = renderShell('/');
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Cymraeg' })).not.toBeInTheDocument();
    await screen.findByRole('link', { name: 'Change company' });
    unmount();

    setHostTestRuntimeConfig({ languages: ['en', 'cy'] });
    serve(2);
    renderShell('/');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Cymraeg' })).toHaveAttribute('lang', 'cy');
    await screen.findByRole('link', { name: 'P60s' });
  });

  it('shows the frame in Welsh on a Welsh page, with the switch back to English', async () => {
    setHostTestRuntimeConfig({ languages: ['en', 'cy'] });
    activateLanguage('cy');
    await frame.load();
    serve(2);
    renderShell('/');
    const nav = screen.getByRole('navigation', { name: 'Prif ddewislen' });
    expect(await within(nav).findByRole('link', { name: 'Newid cwmni' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Gosodiadau' })).toHaveAttribute('href', '/settings');
    expect(within(nav).getByRole('button', { name: 'Allgofnodi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neidio i’r prif gynnwys' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Datganiad hygyrchedd' })).toHaveAttribute('href', '/accessibility');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
    // The remotes' items, in the Welsh their page lists give.
    expect(await within(nav).findByRole('link', { name: 'Ffurflenni P60' })).toHaveAttribute('href', '/P60');
    expect(within(nav).getByRole('link', { name: 'Hafan' })).toHaveAttribute('href', '/');
  });
});

describe('while the account loads', () => {
  /** Serves the authorised user only when `answer` is called. */
  function serveLate(employmentCount: number) {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      'GET /api/users/authorised': () => answered.then(() => authorisedUser(employmentCount)),
      'GET /api/users/:userId/employments/:employmentId/document_types': envelopeReply([flags]),
    });
    return { answer: () => act(answer) };
  }

  it.each([
    [2, 'Change company'],
    [1, 'Add company'],
  ])('with %i employment(s) shows no company item until the account is known, then %s', async (count, label) => {
    const { answer } = serveLate(count);
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveAttribute('aria-busy', 'true');
    expect(within(nav).queryByRole('link', { name: /company/ })).not.toBeInTheDocument();
    // Its place is kept, out of the accessibility tree: what comes below it does not move.
    expect(nav.querySelector('.host-nav__placeholder')).toHaveAttribute('aria-hidden', 'true');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await answer();
    expect(await within(nav).findByRole('link', { name: label })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: count > 1 ? 'Add company' : 'Change company' })).not.toBeInTheDocument();
    expect(nav.querySelector('.host-nav__placeholder')).toBeNull();
    expect(nav).toHaveAttribute('aria-busy', 'false');
  });

  it("keeps the company name's place in the top bar, hidden, until the name is known", async () => {
    const { answer } = serveLate(2);
    renderShell();
    const banner = screen.getByRole('banner');
    const reserved = banner.querySelector('.host-topbar__company');
    expect(reserved).toHaveAttribute('aria-hidden', 'true');
    expect(banner).not.toHaveTextContent('Northwind');
    await answer();
    await waitFor(() => expect(banner).toHaveTextContent('Northwind Logistics Ltd'));
    expect(banner.querySelector('.host-topbar__company')).not.toHaveAttribute('aria-hidden');
  });

  it('reserves no company name when no employment is chosen yet', () => {
    serveLate(2);
    useSessionStore.getState().setEmploymentId(null);
    renderShell();
    expect(screen.getByRole('banner').querySelector('.host-topbar__company')).toBeNull();
  });
});

describe('the mobile drawer', () => {
  it('opens as a modal dialog with the same items, traps focus, and closes on Escape back to the button', async () => {
    serve(2);
    const { user } = renderShell();
    await screen.findByRole('link', { name: 'Payslips' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);

    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const sidebarLinks = within(screen.getAllByRole('navigation', { name: 'Main' })[0]!)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(sidebarLinks);

    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    const signOut = within(drawer).getByRole('button', { name: 'Sign out' });
    await user.tab({ shift: true });
    expect(signOut).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it('closes when a link is chosen', async () => {
    serve(2);
    const { user, router } = renderShell();
    await screen.findByRole('link', { name: 'Payslips' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Payslips' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payslips');
  });
});

describe('a notice sent along with a navigation', () => {
  it('is shown above the page and goes away when dismissed', async () => {
    serve(2);
    const { user, router } = renderShell();
    await screen.findByRole('link', { name: 'Payslips' });
    await act(() => router.navigate('/', { state: flashState({ title: 'We could not confirm your information', text: 'Please link your account again.' }) }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not confirm your information');
    expect(alert).toHaveTextContent('Please link your account again.');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('We could not confirm your information')).not.toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });

  it('offers its next step as a link', async () => {
    serve(2);
    const { user, router } = renderShell();
    await screen.findByRole('link', { name: 'Payslips' });
    const notice = {
      title: 'Your details did not match',
      text: 'You have 2 more tries before your payroll record is locked.',
      action: { label: 'Enter your code again', to: '/setup/link' },
    };
    await act(() => router.navigate('/', { state: flashState(notice) }));
    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Enter your code again' }));
    expect(router.state.location.pathname).toBe('/setup/link');
  });
});
