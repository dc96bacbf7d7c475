import { act, renderHook } from '@testing-library/react';
import { useExclusiveRequest } from './use-exclusive-request';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useExclusiveRequest', () => {
  it('runs the work, passes a signal, and says it is pending until it settles', async () => {
    const { result } = renderHook(() => useExclusiveRequest());
    const gate = deferred<string>();
    let signal: AbortSignal | undefined;
    let running!: Promise<string | undefined>;
    act(() => {
      running = result.current.run((s) => {
        signal = s;
        return gate.promise;
      });
    });
    expect(result.current.pending).toBe(true);
    expect(signal?.aborted).toBe(false);
    await act(async () => gate.resolve('done'));
    await expect(running).resolves.toBe('done');
    expect(result.current.pending).toBe(false);
  });

  it('ignores a second call while one is under way', async () => {
    const { result } = renderHook(() => useExclusiveRequest());
    const gate = deferred<void>();
    const second = jest.fn(async () => 'second');
    let answer: unknown = 'not yet';
    act(() => {
      void result.current.run(() => gate.promise);
    });
    await act(async () => {
      answer = await result.current.run(second);
    });
    expect(second).not.toHaveBeenCalled();
    expect(answer).toBeUndefined();
    await act(async () => gate.resolve());
    await act(async () => {
      answer = await result.current.run(second);
    });
    expect(answer).toBe('second');
  });

  it('frees itself after a failure', async () => {
    const { result } = renderHook(() => useExclusiveRequest());
    await act(async () => {
      await expect(result.current.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    });
    expect(result.current.pending).toBe(false);
    await act(async () => {
      await expect(result.current.run(async () => 'again')).resolves.toBe('again');
    });
  });

  it('aborts the request when the component unmounts', () => {
    const { result, unmount } = renderHook(() => useExclusiveRequest());
    let signal: AbortSignal | undefined;
    act(() => {
      void result.current.run((s) => {
        signal = s;
        return new Promise(() => {});
      });
    });
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});
