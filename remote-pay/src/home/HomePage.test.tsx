import { act, screen, waitFor, within } from '@testing-library/react';
import Highcharts from 'highcharts';
import { homeQueries } from '@portal/shared/react/pay-queries';
import { prefetchEmploymentQueries } from '@portal/shared/react/portal-query';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import type { MockApiHandler } from '@portal/shared/testing/mock-api';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { loadHighcharts } from '../lib/load-highcharts';
import { EMPLOYMENT_ID, figuresIn, PAYSLIPS_ROUTE, payslips, UPDATES_ROUTE, updates, USER_ID } from '../testing/payslip-fixtures';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { loadMessages } from '../exposed/HomePage';
import HomePage from './HomePage';

jest.mock('highcharts', () => ({ __esModule: true, default: { chart: jest.fn(() => ({ destroy: jest.fn() })) } }));
// Wraps the real loader so the tests can see when Highcharts is asked for.
jest.mock('../lib/load-highcharts', () => {
  const actual: { loadHighcharts: () => Promise<unknown> } = jest.requireActual('../lib/load-highcharts');
  return { loadHighcharts: jest.fn(() => actual.loadHighcharts()) };
});

const chart = jest.mocked(Highcharts.chart);
const loader = jest.mocked(loadHighcharts);

/** A reply that waits until the test answers it (or the request is aborted). */
function heldReply() {
  let answer: (reply: ReturnType<typeof envelopeReply>) => void = () => {};
  const handler: MockApiHandler = () => new Promise((resolve) => (answer = resolve));
  return { handler, answer: (reply: ReturnType<typeof envelopeReply>) => answer(reply) };
}

function signIn(employmentId: string | null = EMPLOYMENT_ID) {
  arrangeHostState({ userId: USER_ID, employmentId });
}

const DEFAULT_FIGURES = {
  'Net pay': '£0.00',
  'Pay date': 'No payslip data to display',
  'Gross pay': '£0.00',
  'Total deductions': '£0.00',
};

let errorLog: jest.SpyInstance;
let warnLog: jest.SpyInstance;

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
  warnLog = jest.spyOn(console, 'warn').mockImplementation(() => {});
  chart.mockImplementation((() => ({ destroy: jest.fn() })) as unknown as typeof Highcharts.chart);
});

async function show(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: 'Show' }));
}

describe('Home: the Latest Payslip card', () => {
  it('has the Home heading and hides the payslip behind a warning with Show', async () => {
    signIn();
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply([]) });
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();
    const card = screen.getByRole('region', { name: 'Latest Payslip' });
    expect(within(card).getByText('Warning: Sensitive')).toBeInTheDocument();
    expect(within(card).getByText('The following contains sensitive information')).toBeInTheDocument();
    await waitFor(() => expect(api.requests.map((r) => r.path)).toContain(`/api/users/${USER_ID}/employments/${EMPLOYMENT_ID}/payslips`));
    expect(within(card).queryByText('£1,234.56')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Show' })).toBeInTheDocument();
  });

  it('shows the first payslip of the list once shown: net pay, pay date, gross pay, total deductions, chart and links', async () => {
    signIn();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply([]) });
    const { user, router } = renderWithProviders(<HomePage />, { routes: [{ path: '/payslips/:id', element: <p>Detail page</p> }] });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    await show(user);

    const figures = screen.getByRole('group', { name: 'Latest payslip figures' });
    expect(figures).toHaveFocus();
    expect(figuresIn(figures)).toEqual({
      'Net pay': '£1,234.56',
      'Pay date': '31 October 2026',
      'Gross pay': '£1,650.00',
      'Total deductions': '£415.44',
    });
    expect(within(figures).getByRole('img', { name: 'Net pay £1,234.56 of gross pay £1,650.00; deductions £415.44' })).toBeInTheDocument();
    await waitFor(() => expect(chart).toHaveBeenCalledTimes(1));
    expect(within(figures).getByRole('button', { name: 'Hide' })).toBeInTheDocument();

    await user.click(within(figures).getByRole('link', { name: 'View more details' }));
    expect(router.state.location.pathname).toBe('/payslips/p-oct');
  });

  it('Hide puts the warning back and returns focus to Show', async () => {
    signIn();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply([]) });
    const { user } = renderWithProviders(<HomePage />);
    await show(user);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByText('Warning: Sensitive')).toBeInTheDocument();
    expect(screen.queryByText('Gross pay')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show' })).toHaveFocus();
  });

  it('loads Highcharts only when the chart is first shown', async () => {
    signIn();
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply([]) });
    const { user } = renderWithProviders(<HomePage />);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    await act(async () => {});
    expect(loader).not.toHaveBeenCalled();
    await show(user);
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
  });

  it('shows the defaults (£0.00, No payslip data to display) before data arrives, without chart or details link', async () => {
    signIn();
    const held = heldReply();
    mockApi({ [PAYSLIPS_ROUTE]: held.handler, [UPDATES_ROUTE]: envelopeReply([]) });
    const { user } = renderWithProviders(<HomePage />);
    await show(user);
    const figures = screen.getByRole('group', { name: 'Latest payslip figures' });
    expect(figuresIn(figures)).toEqual(DEFAULT_FIGURES);
    expect(within(figures).queryByRole('img')).not.toBeInTheDocument();
    expect(within(figures).queryByRole('link', { name: 'View more details' })).not.toBeInTheDocument();

    await act(async () => held.answer(envelopeReply(payslips)));
    await waitFor(() => expect(figuresIn(figures)['Net pay']).toBe('£1,234.56'));
  });

  it('keeps the defaults without asking when no employment is chosen', async () => {
    signIn(null);
    const api = mockApi({});
    const { user } = renderWithProviders(<HomePage />);
    await show(user);
    expect(screen.getByText('No payslip data to display')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('keeps the defaults on an empty list, and only logs it', async () => {
    signIn();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([]), [UPDATES_ROUTE]: envelopeReply([]) });
    const { user } = renderWithProviders(<HomePage />);
    await waitFor(() => expect(warnLog).toHaveBeenCalledWith(expect.stringContaining('empty')));
    await show(user);
    expect(figuresIn(screen.getByRole('group', { name: 'Latest payslip figures' }))).toEqual(DEFAULT_FIGURES);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the defaults when the answer has a status other than 200, logs it and says so plainly', async () => {
    signIn();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips, 500), [UPDATES_ROUTE]: envelopeReply([]) });
    const { user } = renderWithProviders(<HomePage />);
    const alert = await screen.findByRole('alert', { name: 'Your latest payslip could not be loaded' });
    expect(errorLog).toHaveBeenCalledWith('Loading the payslips failed.', expect.objectContaining({ status: 500 }));
    await show(user);
    expect(figuresIn(screen.getByRole('group', { name: 'Latest payslip figures' }))).toEqual(DEFAULT_FIGURES);

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('No payslip data to display')).toBeInTheDocument();
  });

  it('keeps the defaults when the request fails, with the server message in a dismissible alert', async () => {
    signIn();
    mockApi({ [PAYSLIPS_ROUTE]: errorReply(503, 'Payroll is closed for maintenance'), [UPDATES_ROUTE]: envelopeReply([]) });
    const { user } = renderWithProviders(<HomePage />);
    const alert = await screen.findByRole('alert', { name: 'Your latest payslip could not be loaded' });
    expect(alert).toHaveTextContent('Sorry, there is a problem with the service. Try again later.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(errorLog).toHaveBeenCalled();
    await show(user);
    expect(figuresIn(screen.getByRole('group', { name: 'Latest payslip figures' }))).toEqual(DEFAULT_FIGURES);
  });
});

describe('Home: cancelling requests', () => {
  it('cancels the requests when the employment changes and drops their late answers silently', async () => {
    signIn('emp-old');
    const held = heldReply();
    const heldUpdates = heldReply();
    const api = mockApi({
      [PAYSLIPS_ROUTE]: ({ params }) => (params.employmentId === 'emp-old' ? held.handler({} as never) : envelopeReply(payslips)),
      [UPDATES_ROUTE]: ({ params }) => (params.employmentId === 'emp-old' ? heldUpdates.handler({} as never) : envelopeReply([])),
    });
    const { user } = renderWithProviders(<HomePage />);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    act(() => arrangeHostState({ employmentId: EMPLOYMENT_ID }));
    await waitFor(() => expect(api.requests).toHaveLength(4));

    const old = api.requests.filter((request) => request.params.employmentId === 'emp-old');
    expect(old.map((request) => request.signal?.aborted)).toEqual([true, true]);
    held.answer(envelopeReply([{ ...payslips[2], ID: 'stale', netPay: 1 }]));
    heldUpdates.answer(envelopeReply(updates));

    await show(user);
    const figures = screen.getByRole('group', { name: 'Latest payslip figures' });
    await waitFor(() => expect(figuresIn(figures)['Net pay']).toBe('£1,234.56'));
    await act(async () => {});
    expect(figuresIn(figures)['Net pay']).toBe('£1,234.56');
    expect(screen.queryByRole('region', { name: 'Recent Updates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('cancels the requests when the user changes', async () => {
    signIn();
    const held = heldReply();
    const api = mockApi({ [PAYSLIPS_ROUTE]: held.handler, [UPDATES_ROUTE]: held.handler });
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    act(() => arrangeHostState({ userId: 'user-2' }));
    await waitFor(() => expect(api.requests).toHaveLength(4));
    expect(api.requests.slice(0, 2).every((request) => request.signal?.aborted)).toBe(true);
    expect(api.requests.slice(2).map((request) => request.params.userId)).toEqual(['user-2', 'user-2']);
  });

  it('cancels the requests when the page closes, without logging', async () => {
    signIn();
    const held = heldReply();
    const api = mockApi({ [PAYSLIPS_ROUTE]: held.handler, [UPDATES_ROUTE]: held.handler });
    const { unmount } = renderWithProviders(<HomePage />);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    unmount();
    expect(api.requests.every((request) => request.signal?.aborted)).toBe(true);
    await act(async () => {});
    expect(errorLog).not.toHaveBeenCalled();
  });
});

describe('Home: Recent Updates', () => {
  it('lists each update with header, source and created date (first 10 characters, 31 Oct 2026)', async () => {
    signIn();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply(updates) });
    renderWithProviders(<HomePage />);
    const section = await screen.findByRole('region', { name: 'Recent Updates' });
    expect(within(section).getByText("See what's changed.")).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { level: 3, name: 'Your October payslip is ready' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Payroll');
    // 23:30Z on 31 October is already 1 November in some zones: only the first 10 characters count.
    expect(items[0]).toHaveTextContent('31 Oct 2026');
    expect(items[1]).toHaveTextContent('HR team');
    expect(items[1]).toHaveTextContent('1 Sept 2026');
  });

  it('is absent when there are no updates', async () => {
    signIn();
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply([]) });
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Recent Updates' })).not.toBeInTheDocument();
    expect(screen.queryByText("See what's changed.")).not.toBeInTheDocument();
  });

  it('is absent when the answer has a status other than 200, which is logged and told', async () => {
    signIn();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply(updates, 404) });
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('alert', { name: 'Recent updates could not be loaded' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent Updates' })).not.toBeInTheDocument();
    expect(errorLog).toHaveBeenCalledWith('Loading the recent updates failed.', expect.anything());
  });
});

describe('Home: its data asked for at boot by the host (prefetchEmploymentQueries)', () => {
  const bootSession = { userId: USER_ID, employmentId: EMPLOYMENT_ID };

  it('shows the answers of the boot-time requests, asking nothing again', async () => {
    signIn();
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply(updates) });
    prefetchEmploymentQueries(homeQueries, bootSession);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    const { user } = renderWithProviders(<HomePage />);
    const section = await screen.findByRole('region', { name: 'Recent Updates' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Your October payslip is ready' })).toBeInTheDocument();
    await show(user);
    expect(figuresIn(screen.getByRole('group', { name: 'Latest payslip figures' }))['Net pay']).toBe('£1,234.56');
    expect(api.requests).toHaveLength(2);
  });

  it('takes a boot-time request still in flight instead of asking again', async () => {
    signIn();
    const held = heldReply();
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: held.handler });
    prefetchEmploymentQueries(homeQueries, bootSession);
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    held.answer(envelopeReply(updates));
    expect(await screen.findByRole('heading', { level: 3, name: 'Your October payslip is ready' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(2);
  });

  it('after a failed boot-time request, asks again and shows only its own answer', async () => {
    signIn();
    let updatesAnswer = envelopeReply(updates, 503);
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: () => updatesAnswer });
    prefetchEmploymentQueries(homeQueries, bootSession);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    await act(async () => {});
    updatesAnswer = envelopeReply(updates);
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Your October payslip is ready' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.endsWith('/updates'))).toHaveLength(2);
  });

  it('asks nothing at boot before an employment is chosen', async () => {
    signIn(null);
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply(updates) });
    prefetchEmploymentQueries(homeQueries, { userId: USER_ID, employmentId: null });
    await act(async () => {});
    expect(api.requests).toHaveLength(0);
  });
});

describe('Home: a leaver’s employment', () => {
  const ended = { ID: EMPLOYMENT_ID, name: 'Northwind Logistics Ltd', active: false, endDate: '2026-03-31' };

  function signInTo(employment: { ID: string; name: string; active: boolean; endDate: string | null; retainedUntil?: string }) {
    arrangeHostState({
      userId: USER_ID,
      employmentId: employment.ID,
      authorisedUser: { userID: USER_ID, email: 'alex.morgan@example.com', privacyPolicyAccepted: true, employments: [employment] },
    });
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply([]) });
  }

  it('says, beside the spec’s texts, when the person left and until when the payslips stay here', async () => {
    signInTo({ ...ended, retainedUntil: '2999-03-31' });
    const { container } = renderWithProviders(<HomePage />);
    expect(screen.getByText('You left Northwind Logistics Ltd on 31 March 2026. Your payslips stay here until 31 March 2999.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Show' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('says nothing for an employment that has not ended', () => {
    signInTo({ ID: EMPLOYMENT_ID, name: 'Northwind Logistics Ltd', active: true, endDate: null });
    renderWithProviders(<HomePage />);
    expect(screen.queryByText(/You left/)).not.toBeInTheDocument();
  });
});

describe('Home in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('speaks Welsh once its page module has loaded its texts: the warning, the figures, the chart and the updates', async () => {
    await activateLanguage('cy');
    // What the host does before a Welsh page's first render: its own parts' texts, then the page's.
    await Promise.all([sharedTexts.load(), loadMessages()]);
    arrangeHostState({
      userId: USER_ID,
      employmentId: EMPLOYMENT_ID,
      authorisedUser: {
        userID: USER_ID,
        email: 'alex.morgan@example.com',
        privacyPolicyAccepted: true,
        employments: [{ ID: EMPLOYMENT_ID, name: 'Northwind Logistics Ltd', active: false, endDate: '2026-03-31', retainedUntil: '2999-03-31' }],
      },
    });
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply(updates) });
    const { container, user } = renderWithProviders(<HomePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Hafan' })).toBeInTheDocument();
    expect(
      screen.getByText('Gwnaethoch adael Northwind Logistics Ltd ar 31 Mawrth 2026. Bydd eich slipiau cyflog yn aros yma tan 31 Mawrth 2999.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Slip cyflog diweddaraf' })).toBeInTheDocument();
    expect(screen.getByText('Rhybudd: Sensitif')).toBeInTheDocument();
    expect(screen.getByText("Mae'r canlynol yn cynnwys gwybodaeth sensitif")).toBeInTheDocument();
    const updatesRegion = await screen.findByRole('region', { name: 'Diweddariadau diweddar' });
    expect(within(updatesRegion).getByText('Gweld beth sydd wedi newid.')).toBeInTheDocument();
    expect(within(updatesRegion).getByText('31 Hyd 2026')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Dangos' }));
    const figures = await screen.findByRole('group', { name: 'Ffigurau eich slip cyflog diweddaraf' });
    await waitFor(() => expect(figuresIn(figures)['Dyddiad talu']).toBe('31 Hydref 2026'));
    expect(Object.keys(figuresIn(figures))).toEqual(['Cyflog net', 'Dyddiad talu', 'Cyflog gros', 'Cyfanswm y didyniadau']);
    expect(within(figures).getByRole('img', { name: /^Cyflog net £[\d,.]+ o gyflog gros £[\d,.]+; didyniadau £[\d,.]+$/ })).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'Gweld rhagor o fanylion' })).toBeInTheDocument();
    expect(within(figures).getByRole('button', { name: 'Cuddio' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows the spec’s placeholder for an employment with no payslip in Welsh', async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    signIn();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([]), [UPDATES_ROUTE]: envelopeReply([]) });
    const { user } = renderWithProviders(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Dangos' }));
    const figures = await screen.findByRole('group', { name: 'Ffigurau eich slip cyflog diweddaraf' });
    await waitFor(() => expect(figuresIn(figures)['Dyddiad talu']).toBe("Dim data slip cyflog i'w ddangos"));
  });
});
