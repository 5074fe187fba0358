import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireRole } from '../components/require-role';
import { Spinner } from '../components/ui/spinner';
import { ServerState } from '../lib/query/server-state';

// Each screen is its own chunk; the profiles and users screens are shared with the moderation area.
const ProfilesScreen = lazy(() => import('../features/moderation/components/profiles-screen').then((m) => ({ default: m.ProfilesScreen })));
const ReportsScreen = lazy(() => import('../features/moderation/components/reports-screen').then((m) => ({ default: m.ReportsScreen })));
const UserListScreen = lazy(() => import('../features/users/components/user-list-screen').then((m) => ({ default: m.UserListScreen })));
const StatsScreen = lazy(() => import('../features/admin/components/stats-screen'));
const UserDetailScreen = lazy(() => import('../features/admin/components/user-detail-screen'));
const DbScreen = lazy(() => import('../features/admin/components/db-screen'));
const later = (screen: ReactNode) => <Suspense fallback={<Spinner />}>{screen}</Suspense>;

/** /admin/* (moderation-admin.md §2), loaded as its own chunk. Moderators view users and review profiles; the rest is for admins. */
export default function AdminRoutes() {
  return (
    <ServerState>
      <Routes>
        <Route index element={<Navigate to="stats" replace />} />
        <Route path="stats" element={<RequireRole role="ADMIN">{later(<StatsScreen />)}</RequireRole>} />
        <Route path="users" element={<RequireRole role="MODERATOR">{later(<UserListScreen />)}</RequireRole>} />
        <Route path="user/:telegramId" element={<RequireRole role="MODERATOR">{later(<UserDetailScreen />)}</RequireRole>} />
        <Route path="db" element={<RequireRole role="ADMIN">{later(<DbScreen />)}</RequireRole>} />
        <Route path="profiles" element={<RequireRole role="MODERATOR">{later(<ProfilesScreen />)}</RequireRole>} />
        {/* The profiles menu's reports choice, kept inside the admin area. */}
        <Route path="reports" element={<RequireRole role="MODERATOR">{later(<ReportsScreen />)}</RequireRole>} />
        {/* Absolute: a relative target under the splat would resolve to /admin/x/stats and redirect forever. */}
        <Route path="*" element={<Navigate to="/admin/stats" replace />} />
      </Routes>
    </ServerState>
  );
}
