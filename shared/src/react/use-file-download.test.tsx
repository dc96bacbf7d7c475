import { act, renderHook } from '@testing-library/react';
import { saveBlob } from '../files';
import { useFileDownload } from './use-file-download';

jest.mock('../files', () => ({ saveBlob: jest.fn() }));

const pdf = () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useFileDownload', () => {
  it('saves the file under the name given, before the server name', async () => {
    const { result } = renderHook(() => useFileDownload());
    const blob = pdf();
    let saved = false;
    await act(async () => {
      saved = await result.current.download({ key: 'd1', fetchFile: async () => ({ blob, filename: 'server.pdf' }), filename: 'P60 2025-26.pdf' });
    });
    expect(saved).toBe(true);
    expect(saveBlob).toHaveBeenCalledWith(blob, 'P60 2025-26.pdf');
    expect(result.current.failure).toBeNull();
  });

  it('falls back to the server name, then to the fallback name', async () => {
    const { result } = renderHook(() => useFileDownload());
    await act(async () => {
      await result.current.download({ key: 'a', fetchFile: async () => ({ blob: pdf(), filename: 'server.pdf' }) });
      await result.current.download({ key: 'b', fetchFile: async () => ({ blob: pdf(), filename: null }), fallbackFilename: 'Payslip.pdf' });
      await result.current.download({ key: 'c', fetchFile: async () => ({ blob: pdf(), filename: null }) });
    });
    expect(jest.mocked(saveBlob).mock.calls.map(([, name]) => name)).toEqual(['server.pdf', 'Payslip.pdf', 'download']);
  });

  it('marks the key as pending while the file loads, and ignores a second click meanwhile', async () => {
    const { result } = renderHook(() => useFileDownload());
    const pending = deferred<{ blob: Blob; filename: string | null }>();
    const fetchFile = jest.fn(() => pending.promise);
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.download({ key: 'd1', fetchFile });
    });
    expect(result.current.isPending('d1')).toBe(true);
    expect(result.current.pendingKeys).toEqual(['d1']);
    let second = true;
    await act(async () => {
      second = await result.current.download({ key: 'd1', fetchFile });
    });
    expect(second).toBe(false);
    expect(fetchFile).toHaveBeenCalledTimes(1);
    await act(async () => {
      pending.resolve({ blob: pdf(), filename: 'x.pdf' });
      await first;
    });
    expect(result.current.isPending('d1')).toBe(false);
    expect(saveBlob).toHaveBeenCalledTimes(1);
  });

  it('keeps the failure with its key, reports it, and clears it', async () => {
    const onError = jest.fn();
    const { result } = renderHook(() => useFileDownload({ onError }));
    const error = Object.assign(new Error('Request failed with status code 404'), { status: 404 });
    let saved = true;
    await act(async () => {
      saved = await result.current.download({ key: 'd9', fetchFile: () => Promise.reject(error) });
    });
    expect(saved).toBe(false);
    expect(saveBlob).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(error, 'd9');
    expect(result.current.failure).toEqual({ key: 'd9', error });
    act(() => result.current.clearFailure());
    expect(result.current.failure).toBeNull();
  });

  it('a new download clears the last failure', async () => {
    const { result } = renderHook(() => useFileDownload());
    await act(async () => {
      await result.current.download({ key: 'bad', fetchFile: () => Promise.reject(new Error('boom')) });
    });
    expect(result.current.failure?.key).toBe('bad');
    await act(async () => {
      await result.current.download({ key: 'good', fetchFile: async () => ({ blob: pdf(), filename: 'ok.pdf' }) });
    });
    expect(result.current.failure).toBeNull();
  });

  it('drops cancelled requests silently', async () => {
    const onError = jest.fn();
    const { result } = renderHook(() => useFileDownload({ onError }));
    const cancelled = Object.assign(new Error('canceled'), { name: 'CanceledError', code: 'ERR_CANCELED' });
    await act(async () => {
      await result.current.download({ key: 'd1', fetchFile: () => Promise.reject(cancelled) });
    });
    expect(onError).not.toHaveBeenCalled();
    expect(result.current.failure).toBeNull();
  });

  it('aborts downloads in flight on unmount and saves nothing', async () => {
    const { result, unmount } = renderHook(() => useFileDownload());
    const pending = deferred<{ blob: Blob; filename: string | null }>();
    let signal: AbortSignal | undefined;
    let done: Promise<boolean> = Promise.resolve(true);
    act(() => {
      done = result.current.download({
        key: 'd1',
        fetchFile: (s) => {
          signal = s;
          return pending.promise;
        },
      });
    });
    unmount();
    expect(signal?.aborted).toBe(true);
    pending.resolve({ blob: pdf(), filename: 'late.pdf' });
    await expect(done).resolves.toBe(false);
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
