import { QueryClient } from '@tanstack/react-query';

/**
 * The mini app's one cache of server state (issue 41). A failed read shows its error and a retry button at once, as the
 * screens always did (no silent retries); a screen is read again when it mounts, not when the window regains focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
