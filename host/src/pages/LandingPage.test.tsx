import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { INVITATION_WAIT_MS, forgetInvitationLookup, invitationLookup } from './invitation-lookup';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { resetStores } from '@portal/shared/testing/render';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { resetSdkState } from '../testing/host-mocks';
import { routesFor } from '../app/routes';
import { startHostPages } from '../app/HostPage';

function mountLanding() {
  render(<RouterProvider router={createMemoryRouter(routesFor('signedOut'), { initialEntries: ['/'] })} />);
}

// The page comes from the host-pages chunk (HostPage.tsx): loaded once here, each test renders at once.
beforeAll(async () => {
  await startHostPages().loading;
});

beforeEach(() => {
  resetStores();
  resetSdkState();
  setHostTestRuntimeConfig({ support: { phone: '0800 029 4123', email: 'help@payportal.example' } });
  window.history.replaceState(null, '', '/');
});

describe('the landing page: help before signing in', () => {
  it("has a visible 'Help' link in its header to /support, and a 'Need help?' section whose focusable heading is the sign-in pages' target", () => {
    mountLanding();
    const help = within(screen.getByRole('banner')).getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', '/support');
    const section = screen.getByRole('region', { name: 'Need help?' });
    // The browser focuses a focusable target itself on arrival at /#help, with no script.
    expect(within(section).getByRole('heading', { level: 2, name: 'Need help?' })).toHaveAttribute('id', 'help');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveAttribute('tabindex', '-1');
  });

  it('ends with the footer: the accessibility statement, privacy and cookies', () => {
    mountLanding();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute('href', '/accessibility');
    expect(within(footer).getByRole('link', { name: 'Privacy and cookies' })).toHaveAttribute('href', '/privacy');
  });

  it('gives the support phone number and email from the runtime config', () => {
    mountLanding();
    const section = screen.getByRole('region', { name: 'Need help?' });
    expect(within(section).getByRole('link', { name: '0800 029 4123' })).toHaveAttribute('href', 'tel:08000294123');
    expect(within(section).getByRole('link', { name: 'help@payportal.example' })).toHaveAttribute('href', 'mailto:help@payportal.example');
    expect(section).toHaveTextContent('Monday to Friday, 8am to 6pm');
  });

  it('focuses the section heading when the page opens at /#help (from the sign-in pages)', () => {
    window.history.replaceState(null, '', '/#help');
    mountLanding();
    expect(screen.getByRole('heading', { level: 2, name: 'Need help?' })).toHaveFocus();
  });

  it('leaves focus alone on a plain visit', () => {
    mountLanding();
    expect(screen.getByRole('heading', { level: 2, name: 'Need help?' })).not.toHaveFocus();
  });
});

describe('the landing page at /#signed-out, where every sign-out ends', () => {
  it("says 'You have signed out' with a 'Sign in again' link, as the fragment's focusable target", async () => {
    window.history.replaceState(null, '', '/#signed-out');
    mountLanding();
    const notice = screen.getByRole('region', { name: 'You have signed out' });
    // The page's stylesheet shows it only as the target (CSS :target): no script reads the address.
    expect(notice).toHaveAttribute('id', 'signed-out');
    expect(notice).toHaveAttribute('tabindex', '-1');
    expect(within(notice).getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(document.body);
  });

  it("comes before the page's own heading, so a keyboard reaches 'Sign in again' first", async () => {
    window.history.replaceState(null, '', '/#signed-out');
    mountLanding();
    screen.getByRole('region', { name: 'You have signed out' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveFocus();
  });
});

describe('the landing page of an invitation link', () => {
  /** Renders the page and lets the look-up end: the first render waits for it (the built page stays meanwhile). */
  const mountAt = async (entry: string) => {
    window.history.replaceState(null, '', entry);
    const token = new URLSearchParams(entry.split('?')[1] ?? '').get('token');
    await act(async () => {
      render(<RouterProvider router={createMemoryRouter(routesFor('signedOut'), { initialEntries: [entry] })} />);
      if (token) await invitationLookup(token);
    });
  };
  afterEach(() => {
    localStorage.clear();
    forgetInvitationLookup();
  });

  it('says it is an invitation, from which employer and until when', async () => {
    const api = mockApi({ 'GET /api/invitations/:token': envelopeReply({ employerName: 'Brightwater Foods plc', expiresOn: '2026-12-11' }) });
    await mountAt('/?token=INVITE-2026-DEMO');
    const panel = await screen.findByRole('region', { name: 'An invitation from Brightwater Foods plc' });
    expect(panel).toHaveTextContent('Brightwater Foods plc has invited you to see your payslips and year-end forms here.');
    expect(panel).toHaveTextContent('The invitation works until 11 December 2026.');
    expect(api.requests[0]?.params.token).toBe('INVITE-2026-DEMO');
    // Under the page's own title; the spec's texts stay.
    expect(screen.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeInTheDocument();
    await expectNoAxeViolations(document.body);
    api.restore();
  });

  it('says a link that is no longer live no longer works, and what to do', async () => {
    const api = mockApi({
      'GET /api/invitations/:token': errorReply(404, 'This invitation link is not known', { code: 'linking.invitation_not_live' }),
    });
    await mountAt('/?token=OLD-LINK');
    const panel = await screen.findByRole('region', { name: 'This invitation link no longer works' });
    expect(panel).toHaveTextContent('Ask your employer to send you a new one');
    api.restore();
  });

  it(`waits at most ${INVITATION_WAIT_MS} ms for an answer, then shows the page as it is without a token`, async () => {
    const api = mockApi({ 'GET /api/invitations/:token': () => new Promise<never>(() => undefined) });
    const started = performance.now();
    await mountAt('/?token=SLOW-API');
    expect(performance.now() - started).toBeGreaterThanOrEqual(INVITATION_WAIT_MS - 50);
    expect(screen.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /invitation/i })).not.toBeInTheDocument();
    expect(api.requests[0]?.signal?.aborted).toBe(true);
    api.restore();
  });

  it('shows nothing more without a token, with the e-mail channel, or when the API cannot be reached', async () => {
    const api = mockApi({ 'GET /api/invitations/:token': errorReply(503, 'The service is busy.') });
    await mountAt('/?token=INVITE-2026-DEMO');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /invitation/i })).not.toBeInTheDocument();
    cleanup();
    localStorage.setItem('token', '0');
    await mountAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
    api.restore();
  });
});
