import type { UserDetails } from '../../../../contracts/admin';
import { fetchUserDetails } from '../api/user-admin-api';
import { useServerRead } from '../../../lib/query/use-server-read';

export interface UserDetailsState {
  details: UserDetails | null;
  loading: boolean;
  error: string | null;
  /** Reads the user again (after an edit: the history grows too). */
  reload(): void;
}

/** The query key of one user's details (an edit of that user makes it stale). */
const userDetailsKey = (telegramId: number) => ['admin', 'user', telegramId] as const;

/** One user's details; another user or a reload asks again, and only the latest request's answer is taken. */
export function useUserDetails(telegramId: number): UserDetailsState {
  const { data: details, loading, error, reload } = useServerRead(userDetailsKey(telegramId), () => fetchUserDetails(telegramId));
  return { details, loading, error, reload };
}
