import { act, screen, waitFor, within } from '@testing-library/react';
import { errorReply } from '@portal/shared/testing/mock-api';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { loadMessages } from '../exposed/ProfilePage';
import { brightwater, endedEmployment, northwind, openEdit, renderProfile, samUser, setUpProfile, SUB } from './profile-test-utils';

describe('ProfilePage overview', () => {
  it('loads the identity user of the session sub and shows the five fields', async () => {
    const api = setUpProfile();
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toHaveFocus();
    await screen.findByText('Sam Patel');
    const rows = within(screen.getByRole('heading', { level: 1 }).closest('section')!);
    expect(rows.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Full name',
      'Email address',
      'Mobile number',
      'Date of birth',
      'National insurance',
    ]);
    expect(rows.getByText('Sam Patel')).toBeInTheDocument();
    expect(rows.getByText('sam.patel@example.com')).toBeInTheDocument();
    expect(rows.getByText('07700 900456')).toBeInTheDocument();
    expect(rows.getByText('14 May 1990')).toBeInTheDocument();
    expect(rows.getByText('AB123456C')).toBeInTheDocument();
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/user/${SUB}`]);
  });

  it('says when a field has not been given', async () => {
    setUpProfile({ user: { ...samUser, mobilePhone: null } });
    renderProfile();
    expect(await screen.findByText('Not given')).toBeInTheDocument();
  });

  it('has a Change button for each field', async () => {
    setUpProfile();
    renderProfile();
    for (const name of ['full name', 'email address', 'mobile number', 'date of birth', 'national insurance']) {
      expect(await screen.findByRole('button', { name: `Change ${name}` })).toBeInTheDocument();
    }
  });

  it('tells the user when the profile cannot be loaded, and tries again', async () => {
    let fail = true;
    setUpProfile();
    const { mockApi } = await import('@portal/shared/testing/mock-api');
    mockApi({ 'GET /api/user/:sub': () => (fail ? errorReply(500, 'The profile service is down') : { body: { user: samUser } }) });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderProfile();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your profile');
    expect(alert).toHaveTextContent('Sorry, there is a problem with the service. Try again later.');
    expect(alert).not.toHaveTextContent('The profile service is down');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sam Patel')).toBeInTheDocument();
  });
});

describe('ProfilePage edit screens', () => {
  it('opens an edit screen with a Back button and the heading focused', async () => {
    setUpProfile();
    const { user } = renderProfile();
    await openEdit(user, 'mobile number');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Change your mobile number for your active employer');
    expect(heading).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByText('Full name')).not.toBeInTheDocument();
  });

  it('lists the one active employer, in the singular', async () => {
    setUpProfile({ employments: [brightwater, endedEmployment] });
    const { user } = renderProfile();
    await openEdit(user, 'full name');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Change your name for your active employer');
    const list = screen.getByRole('list', { name: 'Active employer' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Brightwater Foods plc']);
    expect(screen.queryByText('Old Mill Bakery Ltd')).not.toBeInTheDocument();
  });

  it('lists several active employers, in the plural', async () => {
    setUpProfile({ employments: [northwind, endedEmployment, brightwater] });
    const { user } = renderProfile();
    await openEdit(user, 'date of birth');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Change your date of birth for your active employers');
    const list = screen.getByRole('list', { name: 'Active employers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Northwind Logistics Ltd', 'Brightwater Foods plc']);
  });

  it('goes back to the overview with the Back button, sends nothing, and focuses the row it came from', async () => {
    const api = setUpProfile();
    const { user } = renderProfile();
    await openEdit(user, 'email address');
    await user.type(screen.getByLabelText('New email address'), 'typed@example.com');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Change email address' })).toHaveFocus();
    expect(screen.getByText('sam.patel@example.com')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("goes back to the overview with the browser's Back too", async () => {
    setUpProfile();
    const { user, router } = renderProfile();
    await openEdit(user, 'national insurance');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Change your National Insurance number');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('button', { name: 'Change national insurance' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('returns to the overview after a save, shows the new value and says it was saved', async () => {
    setUpProfile();
    const { user, router } = renderProfile();
    await openEdit(user, 'mobile number');
    const box = screen.getByLabelText('Mobile number');
    await user.clear(box);
    await user.type(box, '07700 900999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('07700 900999')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your mobile number has been updated.');
    expect(screen.getByRole('button', { name: 'Change mobile number' })).toHaveFocus();
    // The overview is the history entry it was opened from: Back leaves the profile, not the form.
    expect(router.state.location.state).toBeNull();
  });

  it("keeps the overview's saved value when another edit screen is opened and left", async () => {
    setUpProfile();
    const { user } = renderProfile();
    await openEdit(user, 'mobile number');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '01234 567890');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await openEdit(user, 'full name');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByText('01234 567890')).toBeInTheDocument());
  });
});

describe('Profile in Welsh', () => {
  beforeEach(async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
  });
  afterEach(() => activateLanguage('en'));

  it('shows the overview in Welsh, with dates in Welsh', async () => {
    setUpProfile({ user: { ...samUser, mobilePhone: null } });
    const { container } = renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Proffil' })).toBeInTheDocument();
    await screen.findByText('Sam Patel');
    const rows = within(screen.getByRole('heading', { level: 1 }).closest('section')!);
    expect(rows.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Enw llawn',
      'Cyfeiriad e-bost',
      'Rhif ffôn symudol',
      'Dyddiad geni',
      'Yswiriant Gwladol',
    ]);
    expect(rows.getByText('14 Mai 1990')).toBeInTheDocument();
    expect(rows.getByText('Heb ei roi')).toBeInTheDocument();
    expect(rows.getByRole('button', { name: 'Newid enw llawn' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('edits in Welsh: the title, the fields, the error summary and the saved message', async () => {
    setUpProfile({ employments: [brightwater, northwind] });
    const { user, container } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Newid dyddiad geni' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Newid eich dyddiad geni ar gyfer eich cyflogwyr gweithredol' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Cyflogwyr gweithredol' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Dyddiad geni' })).toBeInTheDocument();
    expect(screen.getByText('Er enghraifft, 14 5 1990')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Mis'));
    await user.clear(screen.getByLabelText('Blwyddyn'));
    await user.click(screen.getByRole('button', { name: 'Cadw' }));
    const summary = screen.getByRole('alert', { name: 'Mae problem wedi codi' });
    expect(within(summary).getByRole('link', { name: "Rhaid i'r dyddiad geni gynnwys mis a blwyddyn" })).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Yn ôl' }));

    await user.click(await screen.findByRole('button', { name: 'Newid enw llawn' }));
    expect(screen.getByLabelText(/^Enw canol/)).toBeInTheDocument();
    expect(screen.getByText('(dewisol)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cadw' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("Mae eich enw wedi'i ddiweddaru."));
  });
});
