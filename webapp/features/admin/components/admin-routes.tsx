import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireRole } from '../../session/components/require-role';
import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { Spinner } from '../../../components/ui/spinner';

// Shared with the moderation area; loaded when opened.
const ProfilesScreen = lazy(() => import('../../moderation/components/profiles-screen').then((m) => ({ default: m.ProfilesScreen })));
const UserListScreen = lazy(() => import('../../users/components/user-list-screen').then((m) => ({ default: m.UserListScreen })));
const later = (screen: ReactNode) => <Suspense fallback={<Spinner />}>{screen}</Suspense>;

/** /admin/* (moderation-admin.md §2), loaded as its own chunk. Moderators may view users; the rest is for admins. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="stats" replace />} />
      <Route path="stats" element={<RequireRole role="ADMIN"><ScreenPlaceholder title="Статистика" icon="chart" /></RequireRole>} />
      <Route path="users" element={<RequireRole role="MODERATOR">{later(<UserListScreen />)}</RequireRole>} />
      <Route path="user/:telegramId" element={<RequireRole role="MODERATOR"><ScreenPlaceholder title="Пользователь" icon="user" /></RequireRole>} />
      <Route path="db" element={<RequireRole role="ADMIN"><ScreenPlaceholder title="База данных" icon="database" /></RequireRole>} />
      <Route path="profiles" element={<RequireRole role="ADMIN">{later(<ProfilesScreen />)}</RequireRole>} />
      <Route path="*" element={<Navigate to="stats" replace />} />
    </Routes>
  );
}
