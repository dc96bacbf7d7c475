import { act, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter } from '@portal/shared/router';
import type * as Routing from '@portal/shared/router';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import { resetStores, testRuntimeConfig } from '@portal/shared/testing/render';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { resetSdkState, sdkState } from '../testing/host-mocks';
import { signOutOnce } from '../session/server-sign-out';
import { PortalRouter } from './PortalRouter';

// The sign-out itself (clear, POST, navigate) is tested in server-sign-out.test.ts; here, its wiring.
jest.mock('../session/server-sign-out', () => ({ signOutOnce: jest.fn(async () => {}) }));
// The real router, counted: each one is a route table matched and a tree mounted afresh.
jest.mock('@portal/shared/router', () => {
  const actual = jest.requireActual<typeof Routing>('@portal/shared/router');
  return { ...actual, createBrowserRouter: jest.fn(actual.createBrowserRouter) };
});

const employments = [
  { ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null },
  { ID: 'e2', name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31' },
];

beforeEach(() => {
  resetStores();
  resetSdkState();
  setHostTestRuntimeConfig();
  window.history.replaceState(null, '', '/');
  mockApi({
    'GET /api/users/authorised': envelopeReply([{ userID: 'u1', privacyPolicyAccepted: true, employments }]),
    'GET /api/users/:userId/employments/:employmentId/document_types': envelopeReply([
      { Payslip: true, Documents: true, P45: true, P60: true, P11d: true, PensionLetter: true },
    ]),
  });
});

function signedIn() {
  Object.assign(sdkState, { isLoggedIn: true, userInfo: { sub: 'u1', email: 'alex.morgan@example.com' } });
}

describe('PortalRouter', () => {
  it('renders nothing while the login status is being fetched', () => {
    Object.assign(sdkState, { isLoggedIn: true, isFetchingUserInfo: true });
    const { container } = render(<PortalRouter />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the landing page when signed out', async () => {
    render(<PortalRouter />);
    // From the host-pages chunk (HostPage.tsx), loaded on first use.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeInTheDocument();
  });

  it('keeps the session user info in the shared store', async () => {
    signedIn();
    render(<PortalRouter />);
    expect(useSessionStore.getState().userInfo?.email).toBe('alex.morgan@example.com');
    // The signed-in frame loads on its own (with the client data layer).
    expect(await screen.findByText('remote page remote_onboarding/SelectCompanyPage')).toBeInTheDocument();
  });

  it('moves from the picker to Home when sign-up completes at / (a fresh router for the new state)', async () => {
    signedIn();
    render(<PortalRouter />);
    expect(await screen.findByText('remote page remote_onboarding/SelectCompanyPage')).toBeInTheDocument();
    act(() => {
      useSessionStore.getState().setEmploymentId('e1');
      useSignUpStore.getState().setSignedUp(true);
    });
    expect(await screen.findByText('remote page remote_pay/HomePage')).toBeInTheDocument();
    expect(screen.queryByText(/PayslipDetailPage/)).not.toBeInTheDocument();
  });

  it('makes one router for a returning signed-in user: none while the user info loads, then the signed-in one', async () => {
    act(() => {
      useSessionStore.getState().setEmploymentId('e1');
      useSignUpStore.getState().setSignedUp(true);
    });
    jest.mocked(createBrowserRouter).mockClear();
    // The SDK's states at boot: the expiry cookie says signed in, then the user info is asked for, then it is there.
    Object.assign(sdkState, { isLoggedIn: true });
    const { container, rerender } = render(<PortalRouter />);
    Object.assign(sdkState, { isFetchingUserInfo: true });
    rerender(<PortalRouter />);
    expect(container).toBeEmptyDOMElement();
    Object.assign(sdkState, { isFetchingUserInfo: false, userInfo: { sub: 'u1', email: 'alex.morgan@example.com' } });
    rerender(<PortalRouter />);
    expect(await screen.findByText('remote page remote_pay/HomePage')).toBeInTheDocument();
    expect(createBrowserRouter).toHaveBeenCalledTimes(1);
  });

  it('registers a sign-out (for the remotes and for 401 answers) that ends the session on the server, never the SDK’s GET logout', async () => {
    signedIn();
    render(<PortalRouter />);
    await waitFor(() => expect(useSessionStore.getState().userId).toBe('u1'));
    act(() => useHostActions.getState().signOut());
    expect(signOutOnce).toHaveBeenCalledTimes(1);
    expect(signOutOnce).toHaveBeenCalledWith(
      {
        serverUrl: testRuntimeConfig.auth.serverUrl,
        clientId: testRuntimeConfig.auth.clientId,
        postLogoutRedirectUri: `${window.location.origin}/#signed-out`,
      },
      false,
    );
    expect(sdkState.startLogout).not.toHaveBeenCalled();
  });

  it('registers a sign-out that then goes to a page of the portal (a closed account’s confirmation), never to another site', async () => {
    signedIn();
    render(<PortalRouter />);
    await waitFor(() => expect(useSessionStore.getState().userId).toBe('u1'));
    act(() => useHostActions.getState().signOut('/account/closed'));
    expect(signOutOnce).toHaveBeenLastCalledWith(expect.objectContaining({ postLogoutRedirectUri: '/account/closed' }), true);
    for (const elsewhere of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      act(() => useHostActions.getState().signOut(elsewhere));
      expect(signOutOnce).toHaveBeenLastCalledWith(expect.objectContaining({ postLogoutRedirectUri: `${window.location.origin}/#signed-out` }), false);
    }
  });
});
