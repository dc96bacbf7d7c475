import { act, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { getApiClient } from '../api/client';
import { getPortalQueryClient } from '../react/query-client';
import { getRuntimeConfig } from '../runtime-config';
import { useAccountStore } from '../stores/account';
import { registerHostActions, useHostActions } from '../stores/host-actions';
import { useSessionStore } from '../stores/session';
import { useSignUpStore } from '../stores/sign-up';
import { renderWithProviders, resetStores, setTestRuntimeConfig, testRuntimeConfig } from './render';

function PayslipId() {
  const { id } = useParams();
  return (
    <>
      <p>Payslip {id}</p>
      <Link to="/payslips">Back</Link>
    </>
  );
}

describe('renderWithProviders', () => {
  it("renders at '/' by default", () => {
    const { router } = renderWithProviders(<p>Home</p>);
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders at a route with path params, and navigates to extra routes', async () => {
    const { router, user } = renderWithProviders(<PayslipId />, {
      route: '/payslips/p-7',
      path: '/payslips/:id',
      routes: [{ path: '/payslips', element: <p>Payslips list</p> }],
    });
    expect(screen.getByText('Payslip p-7')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/payslips');
    expect(screen.getByText('Payslips list')).toBeInTheDocument();
  });

  it("renders inside the portal's one QueryClient", () => {
    function ClientProbe() {
      return <p>{useQueryClient() === getPortalQueryClient() ? 'The portal client' : 'Another client'}</p>;
    }
    renderWithProviders(<ClientProbe />);
    expect(screen.getByText('The portal client')).toBeInTheDocument();
  });

  it('lets the router navigate programmatically', async () => {
    const { router } = renderWithProviders(<p>Any</p>, { routes: [{ path: '/setup', element: <p>Setup</p> }] });
    await act(() => router.navigate('/setup'));
    expect(await screen.findByText('Setup')).toBeInTheDocument();
  });
});

describe('resetStores', () => {
  it('puts every store and local storage back to defaults', () => {
    useSessionStore.getState().setUserId('u1');
    useSessionStore.getState().setEmploymentId('e1');
    useSessionStore.getState().setUserInfo({ sub: 'u1' });
    useSignUpStore.getState().setLinked({ externalEmploymentID: 'x', code: '123456' });
    useAccountStore.getState().setAuthorisedUser({ userID: 'u1', email: 'alex.morgan@example.com', privacyPolicyAccepted: true, employments: [] });
    const signOut = jest.fn();
    registerHostActions({ signOut });
    localStorage.setItem('token', 'INVITE');
    getPortalQueryClient().setQueryData(['portal', 'u1', 'employment', 'e1', 'payslips'], []);

    resetStores();

    expect(useSessionStore.getState()).toMatchObject({ userId: '0', employmentId: null, userInfo: null });
    expect(useSignUpStore.getState()).toMatchObject({ isLinked: false, externalEmploymentID: null, code: null });
    expect(useAccountStore.getState().authorisedUser).toBeNull();
    expect(useHostActions.getState().signOut).not.toBe(signOut);
    expect(localStorage.length).toBe(0);
    expect(getPortalQueryClient().getQueryCache().getAll()).toEqual([]);
  });
});

describe('setTestRuntimeConfig', () => {
  it('sets a complete default config', () => {
    const config = setTestRuntimeConfig();
    expect(config).toEqual(testRuntimeConfig);
    expect(getRuntimeConfig().apiBaseUrl).toBe('');
    expect(getRuntimeConfig().authorisationHeader).toBeNull();
    expect(getApiClient().defaults.withCredentials).toBe(true);
  });

  it('merges overrides, nested ones included', () => {
    const config = setTestRuntimeConfig({
      support: { email: 'help@example.com' },
      authorisationHeader: 'Basic x',
      remotes: { pay: 'http://pay/remoteEntry.js' },
    });
    expect(config.support).toEqual({ phone: testRuntimeConfig.support.phone, email: 'help@example.com' });
    expect(config.authorisationHeader).toBe('Basic x');
    expect(config.remotes.pay).toBe('http://pay/remoteEntry.js');
    expect(config.remotes.onboarding).toBe(testRuntimeConfig.remotes.onboarding);
  });
});
