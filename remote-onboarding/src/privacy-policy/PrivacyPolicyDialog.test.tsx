import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AuthorisedUser } from '@portal/shared/api/types';
import { getAuthorisedUser } from '@portal/shared/contract';
import { arrangeHostState, actAsHost } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiRoutes } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import SelectCompanyPage from '../select-company/SelectCompanyPage';

const POLICY = 'GET /api/users/:userId/privacy_policy_text';
const ACCEPT = 'PATCH /api/users/:id';
const POLICY_HTML = '<h2>Privacy notice</h2><p>We look after your data.</p><p><a href="https://ico.org.uk/">ico.org.uk</a></p>';

const user1: AuthorisedUser = {
  userID: 'user-1',
  email: 'alex.morgan@example.com',
  privacyPolicyAccepted: false,
  employments: [{ ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null }],
};

function setup(routes: MockApiRoutes = {}) {
  const api = mockApi({
    [POLICY]: envelopeReply(POLICY_HTML),
    [ACCEPT]: envelopeReply({ userID: 'user-1', privacyPolicyAccepted: true, email: null }),
    ...routes,
  });
  const rendered = renderWithProviders(<SelectCompanyPage />, { route: '/setup/select-company' });
  return { ...rendered, api };
}

async function openDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
  await within(dialog).findByRole('region', { name: 'Privacy policy text' });
  return dialog;
}

describe('PrivacyPolicyDialog', () => {
  beforeEach(() => {
    resetStores();
    setTestRuntimeConfig();
    arrangeHostState({ userId: 'user-1', authorisedUser: user1 });
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('is a labelled modal dialog showing the policy HTML from the server', async () => {
    const { api } = setup();
    const dialog = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/Please read our privacy policy/);
    expect(api.requests[0]?.path).toBe('/api/users/user-1/privacy_policy_text');
    expect(within(dialog).getByRole('heading', { name: 'Privacy notice' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'ico.org.uk' })).toHaveAttribute('href', 'https://ico.org.uk/');
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('takes focus and keeps it inside: Tab and Shift+Tab wrap, focus outside is brought back', async () => {
    const { user } = setup();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Privacy policy' })).toHaveFocus();
    const policyText = within(dialog).getByRole('region', { name: 'Privacy policy text' });
    const link = within(dialog).getByRole('link', { name: 'ico.org.uk' });
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    const logout = within(dialog).getByRole('button', { name: 'Logout' });
    await user.tab();
    expect(policyText).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(accept).toHaveFocus();
    await user.tab();
    expect(logout).toHaveFocus();
    await user.tab();
    expect(policyText).toHaveFocus();
    await user.tab({ shift: true });
    expect(logout).toHaveFocus();
    // Something outside takes focus: it comes back inside.
    act(() => screen.getByRole('button', { name: 'Sign out' }).focus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('cannot be dismissed by Escape or a click outside', async () => {
    const { user } = setup();
    const dialog = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await user.click(document.querySelector('.onb-modal__backdrop') as HTMLElement);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
  });

  it("'Accept' saves the answer, closes the panel and asks the host to reload the user", async () => {
    const reload = jest.fn().mockResolvedValue(undefined);
    actAsHost({ reloadAuthorisedUser: reload });
    const { user, api } = setup();
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await act(async () => {});
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/users/user-1');
    expect(patch?.body).toEqual({ privacyPolicyAccepted: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getAuthorisedUser()?.privacyPolicyAccepted).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the panel open with a message when saving fails', async () => {
    const { user } = setup({ [ACCEPT]: errorReply(500, 'Database unavailable') });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const alert = await within(dialog).findByRole('alert', { name: 'We could not save your answer' });
    expect(alert).toHaveTextContent('Sorry, there is a problem with the service. Try again later.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it("'Logout' signs out", async () => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    const { user } = setup();
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('says so when the policy cannot be loaded, and can try again; Accept waits for the text', async () => {
    let calls = 0;
    const { user } = setup({
      [POLICY]: () => {
        calls += 1;
        return calls === 1 ? errorReply(500, 'Server error') : envelopeReply(POLICY_HTML);
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    const alert = await within(dialog).findByRole('alert', { name: 'We could not load the privacy policy' });
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByRole('region', { name: 'Privacy policy text' });
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('sanitises the policy: a script or an event handler in it never runs', async () => {
    const pwned = jest.fn();
    (window as unknown as { __pwned: () => void }).__pwned = pwned;
    setup({
      [POLICY]: envelopeReply(
        '<p>Policy text</p><script>window.__pwned()</script><img src="x" onerror="window.__pwned()"><a href="javascript:window.__pwned()">link</a>',
      ),
    });
    const dialog = await openDialog();
    const region = within(dialog).getByRole('region', { name: 'Privacy policy text' });
    expect(region).toHaveTextContent('Policy text');
    expect(region.querySelector('script')).toBeNull();
    expect(region.querySelector('[onerror]')).toBeNull();
    expect(region.innerHTML).not.toMatch(/javascript:/);
    const img = region.querySelector('img');
    if (img) fireEvent.error(img);
    expect(pwned).not.toHaveBeenCalled();
  });

  it('reads the HTML from JSON text whose data field holds it, too', async () => {
    setup({ [POLICY]: envelopeReply(JSON.stringify({ data: '<p>Wrapped policy</p>' })) });
    const dialog = await openDialog();
    expect(within(dialog).getByText('Wrapped policy')).toBeInTheDocument();
  });
});
