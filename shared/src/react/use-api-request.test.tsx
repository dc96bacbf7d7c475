import { act, renderHook, waitFor } from '@testing-library/react';
import { CanceledError } from 'axios';
import { StrictMode } from 'react';
import { useApiRequest } from './use-api-request';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fetcher whose calls can be answered one by one; records each call's signal. */
function controllableFetcher<T>({ honourAbort = true } = {}) {
  const calls: { arg: string; signal: AbortSignal; answer: Deferred<T> }[] = [];
  const make = (arg: string) =>
    jest.fn((signal: AbortSignal) => {
      const answer = deferred<T>();
      // Like axios: an aborted request rejects with a cancellation.
      if (honourAbort) signal.addEventListener('abort', () => answer.reject(new CanceledError()));
      calls.push({ arg, signal, answer });
      return answer.promise;
    });
  return { calls, make };
}

describe('useApiRequest', () => {
  it('loads, then gives the data', async () => {
    const { calls, make } = controllableFetcher<string[]>();
    const { result } = renderHook(() => useApiRequest(make('a'), ['a']));
    expect(result.current).toMatchObject({ data: undefined, error: undefined, isLoading: true });
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]?.answer.resolve(['x']));
    expect(result.current).toMatchObject({ data: ['x'], error: undefined, isLoading: false });
  });

  it('gives initial data until the result arrives', async () => {
    const { calls, make } = controllableFetcher<number>();
    const { result } = renderHook(() => useApiRequest(make('a'), [], { initialData: 0 }));
    expect(result.current.data).toBe(0);
    await act(async () => calls[0]?.answer.resolve(5));
    expect(result.current.data).toBe(5);
  });

  it('aborts the previous request when deps change and ignores its late answer', async () => {
    const { calls, make } = controllableFetcher<string>({ honourAbort: false });
    const { result, rerender } = renderHook(({ id }: { id: string }) => useApiRequest(make(id), [id]), {
      initialProps: { id: 'employment-1' },
    });
    rerender({ id: 'employment-2' });
    expect(calls.map((c) => c.arg)).toEqual(['employment-1', 'employment-2']);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    expect(result.current.isLoading).toBe(true);

    await act(async () => calls[1]?.answer.resolve('second'));
    expect(result.current.data).toBe('second');
    // The first request's answer (had the server ignored the abort) is dropped.
    await act(async () => calls[0]?.answer.resolve('first'));
    expect(result.current).toMatchObject({ data: 'second', error: undefined, isLoading: false });
  });

  it('does not refetch when deps are equal or the fetcher identity changes', () => {
    const { calls, make } = controllableFetcher<string>();
    const { rerender } = renderHook(({ id }: { id: string }) => useApiRequest(make(id), [id]), { initialProps: { id: 'a' } });
    rerender({ id: 'a' });
    rerender({ id: 'a' });
    expect(calls).toHaveLength(1);
  });

  it('drops cancellations silently', async () => {
    const onError = jest.fn();
    const { result } = renderHook(() =>
      useApiRequest(() => Promise.reject(new CanceledError()), [], { onError }),
    );
    await act(async () => {});
    expect(onError).not.toHaveBeenCalled();
    expect(result.current.error).toBeUndefined();
  });

  it('reports other errors', async () => {
    const onError = jest.fn();
    const failure = new Error('boom');
    const { result } = renderHook(() => useApiRequest(() => Promise.reject(failure), [], { onError, initialData: 'default' }));
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.error).toBe(failure);
    expect(result.current.data).toBe('default');
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('catches a fetcher that throws synchronously', async () => {
    const failure = new Error('sync');
    const { result } = renderHook(() =>
      useApiRequest<string>(() => {
        throw failure;
      }, []),
    );
    await waitFor(() => expect(result.current.error).toBe(failure));
  });

  it('aborts on unmount and never sets state afterwards', async () => {
    const { calls, make } = controllableFetcher<string>({ honourAbort: false });
    const consoleError = jest.spyOn(console, 'error');
    const { unmount } = renderHook(() => useApiRequest(make('a'), []));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.answer.resolve('late'));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('reloads, aborting the request in flight and keeping the data shown', async () => {
    const { calls, make } = controllableFetcher<string>();
    const { result } = renderHook(() => useApiRequest(make('a'), []));
    await act(async () => calls[0]?.answer.resolve('one'));

    act(() => result.current.reload());
    expect(calls).toHaveLength(2);
    expect(result.current).toMatchObject({ data: 'one', isLoading: true });
    act(() => result.current.reload());
    expect(calls[1]?.signal.aborted).toBe(true);
    await act(async () => calls[2]?.answer.resolve('three'));
    expect(result.current).toMatchObject({ data: 'three', isLoading: false });

    act(() => result.current.reload());
    await act(async () => calls[3]?.answer.reject(new Error('down')));
    expect(result.current.data).toBe('three');
    expect(result.current.error).toEqual(new Error('down'));
  });

  it('does not show data of other deps while loading, unless asked to', async () => {
    const { calls, make } = controllableFetcher<string>();
    const { result, rerender } = renderHook(
      ({ id, keep }: { id: string; keep: boolean }) => useApiRequest(make(id), [id], { keepPreviousData: keep }),
      { initialProps: { id: 'a', keep: false } },
    );
    await act(async () => calls[0]?.answer.resolve('for a'));
    rerender({ id: 'b', keep: false });
    expect(result.current.data).toBeUndefined();
    await act(async () => calls[1]?.answer.resolve('for b'));
    rerender({ id: 'c', keep: true });
    expect(result.current).toMatchObject({ data: 'for b', isLoading: true });
  });

  it('requests nothing while disabled', async () => {
    const { calls, make } = controllableFetcher<string>();
    const { result, rerender } = renderHook(({ enabled }: { enabled: boolean }) => useApiRequest(make('a'), [], { enabled }), {
      initialProps: { enabled: false },
    });
    expect(calls).toHaveLength(0);
    expect(result.current.isLoading).toBe(false);
    rerender({ enabled: true });
    expect(calls).toHaveLength(1);
    expect(result.current.isLoading).toBe(true);
  });

  it('works under StrictMode (double effects) with one live request', async () => {
    const { calls, make } = controllableFetcher<string>();
    const { result } = renderHook(() => useApiRequest(make('a'), []), { wrapper: StrictMode });
    const live = calls.filter((c) => !c.signal.aborted);
    expect(live).toHaveLength(1);
    await act(async () => live[0]?.answer.resolve('ok'));
    expect(result.current.data).toBe('ok');
  });
});
