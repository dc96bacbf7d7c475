// TanStack Query for the host and every remote, through the contract, as routing is
// (@portal/shared/router). As a module of @portal/shared it is one federation singleton — one
// QueryClient context and cache for all apps — yet only the exports named here are bundled:
// @tanstack/react-query shared whole was 13.4 KiB gzip on every signed-in first page.
// Apps import it from here, never from '@tanstack/react-query' (eslint.config.mjs); tests may.
export { MutationCache, QueryCache, QueryClient, QueryClientProvider, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
export type { UseQueryResult } from '@tanstack/react-query';
