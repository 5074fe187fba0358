import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { errorDetail } from '../api/error-text';

export interface ServerRead<T> {
  data: T | null;
  /** A request is on its way (the first one or a reload). */
  loading: boolean;
  /** The server's words for the last failure; null while asking again. */
  error: string | null;
  /** Asks again; an answer of an earlier request still on its way is not taken. */
  reload(): void;
}

/**
 * One read of server state through the query cache: a new key asks again, and only the latest request's answer is
 * shown (TanStack Query cancels the one a reload replaces and keys every answer by its query). `keepPrevious` leaves
 * the last key's data shown while the new key loads (a table's next page); a failed reload keeps the data either way.
 */
export function useServerRead<T>(
  queryKey: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
): ServerRead<T> {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  const { data, isFetching, error, refetch } = query;
  return {
    data: data ?? null,
    loading: isFetching,
    error: !isFetching && error ? (errorDetail(error) ?? '') : null,
    reload: () => void refetch(),
  };
}
