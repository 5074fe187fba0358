import { Navigate, Route, Routes } from 'react-router-dom';
import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { RequireRole } from '../../session/components/require-role';
import { UserListScreen } from '../../users/components/user-list-screen';
import { ModerationHub } from './moderation-hub';
import { ProfilesScreen } from './profiles-screen';
import { ReportsScreen } from './reports-screen';

/** /moderation/* (moderation-admin.md §2), loaded as its own chunk, for moderators and admins. */
export default function ModerationRoutes() {
  return (
    <RequireRole role="MODERATOR">
      <Routes>
        <Route index element={<ModerationHub />} />
        <Route path="stats" element={<ScreenPlaceholder title="Статистика" icon="chart" />} />
        <Route path="profiles" element={<ProfilesScreen />} />
        <Route path="reports" element={<ReportsScreen />} />
        <Route path="users" element={<UserListScreen />} />
        <Route path="*" element={<Navigate to="/moderation" replace />} />
      </Routes>
    </RequireRole>
  );
}
