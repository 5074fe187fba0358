import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireRole } from '../../session/components/require-role';
import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';

/** /moderation/* (moderation-admin.md §2), loaded as its own chunk, for moderators and admins. */
export default function ModerationRoutes() {
  return (
    <RequireRole role="MODERATOR">
      <Routes>
        <Route index element={<ScreenPlaceholder title="Модерация" icon="shield" />} />
        <Route path="stats" element={<ScreenPlaceholder title="Статистика" icon="chart" />} />
        <Route path="profiles" element={<ScreenPlaceholder title="Анкеты" icon="cards" />} />
        <Route path="reports" element={<ScreenPlaceholder title="Жалобы" icon="info" />} />
        <Route path="users" element={<ScreenPlaceholder title="Пользователи" icon="users" />} />
        <Route path="*" element={<Navigate to="/moderation" replace />} />
      </Routes>
    </RequireRole>
  );
}
