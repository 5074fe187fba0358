import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { IconName } from '../components/ui/icon';
import { ScreenPlaceholder } from '../components/ui/screen-placeholder';
import { Spinner } from '../components/ui/spinner';
import { AppFrame } from './layouts/app-frame';

// Staff areas and heavy screens load as their own chunks.
const AdminRoutes = lazy(() => import('../features/admin/components/admin-routes'));
const ModerationRoutes = lazy(() => import('../features/moderation/components/moderation-routes'));

const later = (title: string, icon: IconName = 'info') => <ScreenPlaceholder title={title} icon={icon} />;
const chunk = (screen: ReactNode) => <Suspense fallback={<Spinner />}>{screen}</Suspense>;

/** The route table of end-user.md §2 and moderation-admin.md §2. A feature replaces its placeholder here. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/explore" replace />} />
      <Route element={<AppFrame />}>
        <Route path="/chat" element={later('Сообщения', 'chat')} />
        <Route path="/theme" element={later('Сообщения', 'chat')} />
        <Route path="/messages/:chatId" element={later('Чат', 'chat')} />
        <Route path="/archive" element={later('Архив', 'chat')} />
        <Route path="/chat-settings" element={later('Тема', 'settings')} />
        <Route path="/likes" element={later('Лайки', 'heart')} />
        <Route path="/likes-history" element={later('История лайков', 'heart')} />
        <Route path="/explore" element={later('Анкеты', 'cards')} />
        <Route path="/recommendations" element={later('Рекомендации', 'cards')} />
        <Route path="/profile" element={later('Профиль', 'user')} />
        <Route path="/my-profile" element={later('Моя анкета', 'user')} />
        <Route path="/u/by-chat/:chatId" element={later('Профиль собеседника', 'user')} />
        <Route path="/u/:userId" element={later('Профиль пользователя', 'user')} />
        <Route path="/profile/:userId" element={later('Профиль пользователя', 'user')} />
        <Route path="/privacy" element={later('Приватность', 'shield')} />
        <Route path="/blacklist" element={later('Черный список', 'shield')} />
        <Route path="/blocked" element={later('Доступ ограничен', 'shield')} />
        <Route path="/notifications" element={later('Уведомления', 'bell')} />
        <Route path="/help" element={later('Справка', 'help')} />
        <Route path="/about-position" element={later('Наша позиция', 'info')} />
        <Route path="/admin/*" element={chunk(<AdminRoutes />)} />
        <Route path="/moderation/*" element={chunk(<ModerationRoutes />)} />
      </Route>
      <Route path="*" element={<Navigate to="/explore" replace />} />
    </Routes>
  );
}
