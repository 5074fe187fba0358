import type { UserDetails } from '../../../../contracts/admin';
import { fetchUserDetails } from '../api/user-admin-api';
import { useLatestLoad } from '../../../lib/react/use-latest-load';

export interface UserDetailsState {
  details: UserDetails | null;
  loading: boolean;
  error: string | null;
  /** Reads the user again (after an edit: the history grows too). */
  reload(): void;
}

/** One user's details; another user or a reload asks again, and only the latest request's answer is taken. */
export function useUserDetails(telegramId: number): UserDetailsState {
  const { data: details, loading, error, reload } = useLatestLoad(() => fetchUserDetails(telegramId), String(telegramId));
  return { details, loading, error, reload };
}
