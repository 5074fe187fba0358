import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireRole } from '../../session/components/require-role';
import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';

/** /admin/* (moderation-admin.md §2), loaded as its own chunk. Moderators may view users; the rest is for admins. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="stats" replace />} />
      <Route path="stats" element={<RequireRole role="ADMIN"><ScreenPlaceholder title="Статистика" icon="chart" /></RequireRole>} />
      <Route path="users" element={<RequireRole role="MODERATOR"><ScreenPlaceholder title="Пользователи" icon="users" /></RequireRole>} />
      <Route path="user/:telegramId" element={<RequireRole role="MODERATOR"><ScreenPlaceholder title="Пользователь" icon="user" /></RequireRole>} />
      <Route path="db" element={<RequireRole role="ADMIN"><ScreenPlaceholder title="База данных" icon="database" /></RequireRole>} />
      <Route path="profiles" element={<RequireRole role="ADMIN"><ScreenPlaceholder title="Анкеты на модерации" icon="cards" /></RequireRole>} />
      <Route path="*" element={<Navigate to="stats" replace />} />
    </Routes>
  );
}
