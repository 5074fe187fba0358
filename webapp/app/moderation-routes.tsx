import { Navigate, Route, Routes } from 'react-router-dom';
import { ScreenPlaceholder } from '../components/ui/screen-placeholder';
import { RequireRole } from '../components/require-role';
import { UserListScreen } from '../features/users/components/user-list-screen';
import { ModerationHub } from '../features/moderation/components/moderation-hub';
import { ProfilesScreen } from '../features/moderation/components/profiles-screen';
import { ReportsScreen } from '../features/moderation/components/reports-screen';
import { ServerState } from '../lib/query/server-state';

/** /moderation/* (moderation-admin.md §2), loaded as its own chunk, for moderators and admins. */
export default function ModerationRoutes() {
  return (
    <RequireRole role="MODERATOR">
      <ServerState>
        <Routes>
          <Route index element={<ModerationHub />} />
          <Route path="stats" element={<ScreenPlaceholder title="Статистика" icon="chart" />} />
          <Route path="profiles" element={<ProfilesScreen />} />
          <Route path="reports" element={<ReportsScreen />} />
          <Route path="users" element={<UserListScreen />} />
          <Route path="*" element={<Navigate to="/moderation" replace />} />
        </Routes>
      </ServerState>
    </RequireRole>
  );
}
