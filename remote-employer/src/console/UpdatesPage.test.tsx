import { screen, waitFor, within } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { ACCESS, consoleError, ok } from '../testing/console-api';
import UpdatesPage from './UpdatesPage';

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', roles: ['employer-admin'] } });
});

function render(routes = {}) {
  const api = mockApi({
    'GET /api/employer-console': ACCESS,
    'POST /api/employers/:employerId/updates': ok({ id: 'up1', createdAt: '2026-03-05T10:00:00Z' }),
    ...routes,
  });
  return { api, ...renderWithProviders(<UpdatesPage />, { route: '/employer/updates' }) };
}

describe('the updates page', () => {
  it('checks the update and who it is from, GOV.UK style, keeping the text, then posts it', async () => {
    const { api, user, container } = render();
    const form = await screen.findByRole('form', { name: 'Post an update to staff' });
    const nav = screen.getByRole('navigation', { name: 'Employer console' });
    expect(within(nav).getByRole('link', { name: 'Updates' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);

    await user.click(within(form).getByRole('button', { name: 'Post update' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    const header = within(form).getByRole('textbox', { name: 'Update' });
    const from = within(form).getByRole('textbox', { name: 'From' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter the update', 'Enter who the update is from']);
    expect(header).toHaveAccessibleDescription(/Error: Enter the update/);
    expect(from).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(summary).getByRole('link', { name: 'Enter who the update is from' }));
    expect(from).toHaveFocus();
    await expectNoAxeViolations(container);

    await user.type(header, 'Hi');
    await user.type(from, 'HR team');
    await user.click(within(form).getByRole('button', { name: 'Post update' }));
    expect(await screen.findByRole('link', { name: 'The update must be 3 characters or more' })).toBeInTheDocument();
    expect(header).toHaveValue('Hi');
    expect(from).toHaveValue('HR team');
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    // By keyboard: the text completed, Enter sends.
    await user.type(header, ' all: payslips for March are ready{Enter}');
    expect(await screen.findByRole('status', { name: 'Update posted' })).toHaveTextContent(
      'Your employees see “Hi all: payslips for March are ready” in their Recent updates.',
    );
    const post = api.requests.find((request) => request.method === 'POST')!;
    expect(post.path).toBe('/api/employers/emp-north/updates');
    expect(post.body).toEqual({ header: 'Hi all: payslips for March are ready', from: 'HR team' });
    expect(header).toHaveValue('');
    expect(from).toHaveValue('HR team');
  });

  it('refuses text over the limits', async () => {
    const { user } = render();
    const form = await screen.findByRole('form', { name: 'Post an update to staff' });
    await user.click(within(form).getByRole('textbox', { name: 'Update' }));
    await user.paste('u'.repeat(121));
    await user.click(within(form).getByRole('textbox', { name: 'From' }));
    await user.paste('f'.repeat(61));
    await user.click(within(form).getByRole('button', { name: 'Post update' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['The update must be 120 characters or fewer', 'Who it is from must be 60 characters or fewer']);
  });

  it('says when the API refuses it', async () => {
    const { user } = render({ 'POST /api/employers/:employerId/updates': consoleError(404, 'console.not_found') });
    const form = await screen.findByRole('form', { name: 'Post an update to staff' });
    await user.type(within(form).getByRole('textbox', { name: 'Update' }), 'Office closed on Friday');
    await user.type(within(form).getByRole('textbox', { name: 'From' }), 'Facilities{Enter}');
    expect(await screen.findByRole('alert', { name: 'The update was not posted' })).toHaveTextContent('This employer is not in your console.');
    expect(within(form).getByRole('textbox', { name: 'Update' })).toHaveValue('Office closed on Friday');
  });
});
