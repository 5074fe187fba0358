import { Navigate } from 'react-router-dom';
import { useSession } from '../../lib/session/session-store';
import { BannedScreen } from './gate-screens';

/** /blocked is the banned user's screen (end-user.md §2); anyone else has nothing to see there. */
export function BlockedRoute() {
  const user = useSession((s) => s.user);
  if (!user?.isBanned) return <Navigate to="/explore" replace />;
  return <BannedScreen banReason={user.banReason} bannedAt={user.bannedAt} />;
}
