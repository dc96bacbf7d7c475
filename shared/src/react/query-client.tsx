// The one client data layer (docs/architecture.md "Client data layer"): one QueryClient for the host
// and every remote. This module and @portal/shared/query (TanStack Query's facade) are federation
// singletons, so a page of any remote reads and fills the same cache. Failures are logged here, once, by the message each
// query or mutation names in its meta; cancelled requests and those that signed out stay silent.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@portal/shared/query';
import type { ReactNode } from 'react';
import { busyRetryDelayMs, isSilentFailure } from '@portal/shared/api/client';

export type PortalRequestMeta = {
  /** Logged with the error when the request fails, e.g. 'Loading the payslips failed.' */
  errorMessage?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: PortalRequestMeta;
    mutationMeta: PortalRequestMeta;
  }
}

/** How long an answer stays fresh: moving between pages within this time asks for nothing again. */
export const FRESH_FOR_MS = 5 * 60 * 1000;

function logFailure(error: unknown, meta: PortalRequestMeta | undefined): void {
  if (!meta?.errorMessage || isSilentFailure(error)) return;
  console.error(meta.errorMessage, error);
}

/**
 * A read answered 503 "busy" with a `Retry-After` of at most 5 s is asked again after that wait,
 * up to twice, before the page shows the failure: a moment of overload is not the user's problem.
 * Every other failure is shown at once.
 */
const BUSY_RETRIES = 2;
const retryWhenBusy = (failureCount: number, error: unknown) => failureCount < BUSY_RETRIES && busyRetryDelayMs(error) !== null;
const busyRetryDelay = (_failureCount: number, error: unknown) => busyRetryDelayMs(error) ?? 0;

/** A client with the portal's rules: no refetch on focus (the server is asked when a page needs it); reads retried only when the server is busy. */
export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => logFailure(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => logFailure(error, mutation.meta) }),
    defaultOptions: {
      queries: { retry: retryWhenBusy, retryDelay: busyRetryDelay, staleTime: FRESH_FOR_MS, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

let portalQueryClient: QueryClient | null = null;

/** The portal's one QueryClient, made on first use (the signed-out landing page never makes it). */
export function getPortalQueryClient(): QueryClient {
  portalQueryClient ??= createPortalQueryClient();
  return portalQueryClient;
}

export function PortalQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getPortalQueryClient()}>{children}</QueryClientProvider>;
}
