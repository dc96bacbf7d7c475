import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { actAsHost, arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { consoleError, ok } from '../testing/console-api';
import AcceptInvitationPage from './AcceptInvitationPage';

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  // Any signed-in user: no role needed to accept.
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1' } });
});

const render = (route: string) =>
  renderWithProviders(
    <StrictMode>
      <AcceptInvitationPage />
    </StrictMode>,
    { route },
  );

describe('accepting an admin invitation', () => {
  it('accepts once, says what to do next, and signs in again from its button', async () => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    const api = mockApi({ 'POST /api/admin-invitations/:token': ok({ employer: { id: 'emp-north', name: 'Northwind' } }) });
    const { user, container } = render('/employer/accept?token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeInTheDocument();
    expect(screen.getByText('You are now an admin of Northwind. Sign in again to set up your authenticator app.')).toBeInTheDocument();
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/admin-invitations/tok-123']);
    await expectNoAxeViolations(container);
    screen.getByRole('button', { name: 'Sign in again' }).focus();
    await user.keyboard('{Enter}');
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it.each([
    [consoleError(404, 'console.invitation_invalid'), 'used already, withdrawn, or is more than 14 days old'],
    [consoleError(403, 'console.invitation_other_account'), 'This invitation was sent to another email address.'],
  ])('explains why it did not work', async (reply, words) => {
    mockApi({ 'POST /api/admin-invitations/:token': reply });
    render('/employer/accept?token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not accept this invitation' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(words.replace(/[.]/g, '\\.')))).toBeInTheDocument();
  });

  it('asks nothing of the server for a link without its token', async () => {
    const api = mockApi({});
    render('/employer/accept');
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation link is not complete' })).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});
