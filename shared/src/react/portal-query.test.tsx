import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import type { ReactNode } from 'react';
import type { EmploymentScope, UserScope } from '../api/client';
import { registerHostActions } from '../stores/host-actions';
import { useSessionStore } from '../stores/session';
import { resetStores } from '../testing/render';
import { employmentQueryKey, useEmploymentQuery, userQueryKey, useUserQuery } from './portal-query';
import { getPortalQueryClient, PortalQueryProvider } from './query-client';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };

/** A fetcher whose calls the test answers one by one; like axios, an aborted call rejects with a cancellation. */
function controllableFetcher<Scope, T>() {
  const calls: { scope: Scope; signal: AbortSignal; answer: Deferred<T> }[] = [];
  const fetch = jest.fn((scope: Scope, signal: AbortSignal) => {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    signal.addEventListener('abort', () => reject(new CanceledError()));
    calls.push({ scope, signal, answer: { promise, resolve } });
    return promise;
  });
  return { calls, fetch };
}

const wrapper = ({ children }: { children: ReactNode }) => <PortalQueryProvider>{children}</PortalQueryProvider>;

function signIn(userId: string, employmentId: string | null) {
  useSessionStore.getState().setUserId(userId);
  useSessionStore.getState().setEmploymentId(employmentId);
}

/** An axios failure with an HTTP answer, as the API client throws it. */
function httpFailure(status: number, headers: Record<string, string>): AxiosError {
  const config = { url: '/api/users/u1/employments/e1/payslips', headers: new AxiosHeaders() };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    config,
    {},
    { status, statusText: String(status), data: {}, headers, config },
  );
}

let errorLog: jest.SpyInstance;

beforeEach(() => {
  resetStores();
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('query keys', () => {
  it('start with the user, and the employment for employment data', () => {
    expect(userQueryKey({ userId: 'u1' }, 'privacy-policy')).toEqual(['portal', 'u1', 'privacy-policy']);
    expect(employmentQueryKey({ userId: 'u1', employmentId: 'e1' }, 'payslips')).toEqual(['portal', 'u1', 'employment', 'e1', 'payslips']);
  });
});

describe('useEmploymentQuery', () => {
  it('asks nothing before an employment is chosen, then hands the fetcher the user and employment', async () => {
    signIn('u1', null);
    const { calls, fetch } = controllableFetcher<EmploymentScope, string[]>();
    const { result } = renderHook(() => useEmploymentQuery({ key: ['payslips'], fetch, errorMessage: 'Loading failed.' }), { wrapper });
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current.isLoading).toBe(false);

    act(() => useSessionStore.getState().setEmploymentId('e1'));
    expect(calls.map((call) => call.scope)).toEqual([{ userId: 'u1', employmentId: 'e1' }]);
    act(() => calls[0]?.answer.resolve(['p1']));
    await waitFor(() => expect(result.current.data).toEqual(['p1']));
  });

  it.each([
    ['employment', () => useSessionStore.getState().setEmploymentId('e2'), { userId: 'u1', employmentId: 'e2' }],
    ['user', () => useSessionStore.getState().setUserId('u2'), { userId: 'u2', employmentId: 'e1' }],
  ])('cancels the request in flight when the %s changes, silently, and drops its late answer', async (_what, change, next) => {
    signIn('u1', 'e1');
    const { calls, fetch } = controllableFetcher<EmploymentScope, string[]>();
    const { result } = renderHook(() => useEmploymentQuery({ key: ['payslips'], fetch, errorMessage: 'Loading failed.' }), { wrapper });
    expect(calls).toHaveLength(1);

    act(change);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.scope).toEqual(next);
    calls[0]?.answer.resolve(['stale']);
    act(() => calls[1]?.answer.resolve(['fresh']));
    await waitFor(() => expect(result.current.data).toEqual(['fresh']));
    expect(result.current.error).toBeNull();
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('cancels the request when the last page using it closes', () => {
    signIn('u1', 'e1');
    const { calls, fetch } = controllableFetcher<EmploymentScope, string[]>();
    const { unmount } = renderHook(() => useEmploymentQuery({ key: ['payslips'], fetch, errorMessage: 'Loading failed.' }), { wrapper });
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it('shares one request and one answer between the pages that ask for the same data', async () => {
    signIn('u1', 'e1');
    const { calls, fetch } = controllableFetcher<EmploymentScope, string[]>();
    const usePayslips = () => useEmploymentQuery({ key: ['payslips'], fetch, errorMessage: 'Loading failed.' });
    const first = renderHook(usePayslips, { wrapper });
    const second = renderHook(usePayslips, { wrapper });
    act(() => calls[0]?.answer.resolve(['p1']));
    await waitFor(() => expect(second.result.current.data).toEqual(['p1']));
    expect(calls).toHaveLength(1);
    expect(second.result.current.data).toBe(first.result.current.data);

    // Later pages get the cached answer without asking again.
    const third = renderHook(usePayslips, { wrapper });
    expect(third.result.current.data).toEqual(['p1']);
    expect(calls).toHaveLength(1);
  });

  it('logs a failure once, with the message the query names, and does not retry', async () => {
    signIn('u1', 'e1');
    const failure = new Error('down');
    const fetch = jest.fn(() => Promise.reject(failure));
    const { result } = renderHook(() => useEmploymentQuery({ key: ['payslips'], fetch, errorMessage: 'Loading the payslips failed.' }), { wrapper });
    await waitFor(() => expect(result.current.error).toBe(failure));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(errorLog).toHaveBeenCalledWith('Loading the payslips failed.', failure);
  });

  it('asks again after the wait a 503 "busy" answer names, and shows the answer without a failure', async () => {
    signIn('u1', 'e1');
    const fetch = jest
      .fn()
      .mockRejectedValueOnce(httpFailure(503, { 'retry-after': '0' }))
      .mockResolvedValueOnce(['p1']);
    const { result } = renderHook(() => useEmploymentQuery({ key: ['payslips'], fetch, errorMessage: 'Loading the payslips failed.' }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(['p1']));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('shows the failure after two retries of a server that stays busy, and does not retry a long wait or a 500', async () => {
    signIn('u1', 'e1');
    const busy = httpFailure(503, { 'retry-after': '0' });
    const stillBusy = jest.fn(() => Promise.reject(busy));
    const first = renderHook(() => useEmploymentQuery({ key: ['payslips'], fetch: stillBusy, errorMessage: 'Loading the payslips failed.' }), { wrapper });
    await waitFor(() => expect(first.result.current.error).toBe(busy));
    expect(stillBusy).toHaveBeenCalledTimes(3);

    const longWait = jest.fn(() => Promise.reject(httpFailure(503, { 'retry-after': '60' })));
    const second = renderHook(() => useEmploymentQuery({ key: ['p60'], fetch: longWait, errorMessage: 'Loading the P60 failed.' }), { wrapper });
    await waitFor(() => expect(second.result.current.isError).toBe(true));
    expect(longWait).toHaveBeenCalledTimes(1);

    const broken = jest.fn(() => Promise.reject(httpFailure(500, {})));
    const third = renderHook(() => useEmploymentQuery({ key: ['p11d'], fetch: broken, errorMessage: 'Loading the P11D failed.' }), { wrapper });
    await waitFor(() => expect(third.result.current.isError).toBe(true));
    expect(broken).toHaveBeenCalledTimes(1);
  });

  it('stays silent about a failure that has signed the user out', async () => {
    signIn('u1', 'e1');
    const signOut = jest.fn();
    registerHostActions({ signOut });
    const config = { url: '/api/users/u1/employments/e1/document_types', headers: new AxiosHeaders() };
    const unauthorised = new AxiosError(
      'Request failed with status code 401',
      'ERR_BAD_REQUEST',
      config,
      {},
      {
        status: 401,
        statusText: '401',
        data: {},
        headers: {},
        config,
      },
    );
    const fetch = jest.fn(() => Promise.reject(unauthorised));
    const { result } = renderHook(() => useEmploymentQuery({ key: ['document-types'], fetch, errorMessage: 'Loading the document types failed.' }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.error).toBe(unauthorised));
    expect(errorLog).not.toHaveBeenCalled();
  });
});

describe('useUserQuery', () => {
  it('keys by user: another user asks again', async () => {
    signIn('u1', null);
    const { calls, fetch } = controllableFetcher<UserScope, string>();
    const { result } = renderHook(() => useUserQuery({ key: ['privacy-policy'], fetch, errorMessage: 'Loading failed.' }), { wrapper });
    act(() => calls[0]?.answer.resolve('<p>Policy</p>'));
    await waitFor(() => expect(result.current.data).toBe('<p>Policy</p>'));
    act(() => useSessionStore.getState().setUserId('u2'));
    expect(calls.map((call) => call.scope)).toEqual([{ userId: 'u1' }, { userId: 'u2' }]);
    expect(result.current.data).toBeUndefined();
  });

  it('asks nothing while not enabled', () => {
    const fetch = jest.fn();
    renderHook(() => useUserQuery({ key: ['identity-user', ''], fetch, errorMessage: 'Loading failed.', enabled: false }), { wrapper });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the portal QueryClient', () => {
  it('is one client for every page, emptied by resetStores in tests', async () => {
    expect(getPortalQueryClient()).toBe(getPortalQueryClient());
    getPortalQueryClient().setQueryData(['portal', 'u1', 'x'], 1);
    resetStores();
    expect(getPortalQueryClient().getQueryData(['portal', 'u1', 'x'])).toBeUndefined();
  });
});
