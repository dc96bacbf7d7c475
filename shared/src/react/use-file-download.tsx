// Downloads a file through the API client and saves it in the browser (payslip PDFs, pay documents,
// intranet documents). One download per key at a time; the request is aborted on unmount and a
// cancelled request is dropped silently. A failure is kept (with its key) so the page can say so.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelledRequest } from '@portal/shared/api/client';
import { saveBlob } from '@portal/shared/files';

/** What a download fetcher returns: `apiGetBlob` has exactly this shape. */
export type DownloadedFile = { blob: Blob; filename: string | null };

export type FileDownloadRequest = {
  /** Identifies the file (e.g. its ID): a second download of the same key waits for the first. */
  key: string;
  /** Fetches the file, honouring the signal (e.g. `(signal) => apiGetBlob(url, { signal })`). */
  fetchFile: (signal: AbortSignal) => Promise<DownloadedFile>;
  /** The name to save under; when absent, the server's Content-Disposition name, else `fallbackFilename`. */
  filename?: string;
  /** Used when neither `filename` nor the server gives a name. Default 'download'. */
  fallbackFilename?: string;
};

export type FileDownloadFailure = { key: string; error: unknown };

export type UseFileDownloadOptions = {
  /** Called with each failure that is not a cancellation (e.g. to log it). */
  onError?: (error: unknown, key: string) => void;
};

export type UseFileDownloadResult = {
  /** Starts a download. Resolves true when the file was saved, false otherwise (never rejects). */
  download: (request: FileDownloadRequest) => Promise<boolean>;
  /** Keys of the downloads in flight. */
  pendingKeys: readonly string[];
  isPending: (key: string) => boolean;
  /** The last failure, until the next download starts or `clearFailure` is called. */
  failure: FileDownloadFailure | null;
  clearFailure: () => void;
};

const DEFAULT_FILENAME = 'download';

export function useFileDownload(options: UseFileDownloadOptions = {}): UseFileDownloadResult {
  const [pendingKeys, setPendingKeys] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<FileDownloadFailure | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const onErrorRef = useRef(options.onError);
  useEffect(() => {
    onErrorRef.current = options.onError;
  });

  // Leaving the page cancels every download in flight.
  useEffect(() => {
    const inFlight = controllers.current;
    return () => {
      inFlight.forEach((controller) => controller.abort());
      inFlight.clear();
    };
  }, []);

  const download = useCallback(async ({ key, fetchFile, filename, fallbackFilename }: FileDownloadRequest) => {
    if (controllers.current.has(key)) return false;
    const controller = new AbortController();
    controllers.current.set(key, controller);
    setFailure(null);
    setPendingKeys((keys) => [...keys, key]);
    try {
      const file = await fetchFile(controller.signal);
      if (controller.signal.aborted) return false;
      saveBlob(file.blob, filename || file.filename || fallbackFilename || DEFAULT_FILENAME);
      return true;
    } catch (error) {
      if (controller.signal.aborted || isCancelledRequest(error)) return false;
      onErrorRef.current?.(error, key);
      setFailure({ key, error });
      return false;
    } finally {
      if (controllers.current.get(key) === controller) controllers.current.delete(key);
      if (!controller.signal.aborted) setPendingKeys((keys) => keys.filter((pending) => pending !== key));
    }
  }, []);

  const isPending = useCallback((key: string) => pendingKeys.includes(key), [pendingKeys]);
  const clearFailure = useCallback(() => setFailure(null), []);

  return { download, pendingKeys, isPending, failure, clearFailure };
}
