import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The query cache for the screens that read through it. Mounted only inside lazily loaded screens, so TanStack Query
 * stays out of the initial chunk; every mount shares the one client, so the cache outlives a route change.
 */
export function ServerState({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
