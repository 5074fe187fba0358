import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ScreenErrorBoundary } from '../components/ui/screen-error-boundary';
import { Spinner } from '../components/ui/spinner';
import { lazyScreen } from '../lib/react/lazy-screen';
import { loadAppFrame, loadChatListScreen, loadChatScreen, loadExploreScreen } from './route-preload';

// Staff areas and heavy screens load as their own chunks.
const AdminRoutes = lazy(() => import('./admin-routes'));
const ModerationRoutes = lazy(() => import('./moderation-routes'));
const AppFrame = lazyScreen(loadAppFrame);
const ExploreScreen = lazyScreen(loadExploreScreen);
const LikesScreen = lazy(() => import('../features/likes/components/likes-screen'));
const LikesHistoryScreen = lazy(() => import('./likes-history-route'));
const ProfileMenuScreen = lazy(() => import('../features/profile/components/profile-menu-screen'));
const MyProfileScreen = lazy(() => import('../features/profile/components/my-profile-screen'));
const PeerProfileScreen = lazy(() => import('../features/profile/components/peer-profile-screen'));
const PrivacyScreen = lazy(() => import('../features/privacy/components/privacy-screen'));
const BlacklistScreen = lazy(() => import('../features/privacy/components/blacklist-screen'));
const NotificationsScreen = lazy(() => import('../features/privacy/components/notifications-screen'));
const HelpScreen = lazy(() => import('../features/info/components/help-screen'));
const AboutPositionScreen = lazy(() => import('../features/info/components/about-position-screen'));
const SearchSettingsScreen = lazy(() => import('../features/explore/components/search-settings-screen'));
const ThemeScreen = lazy(() => import('../features/theme/components/theme-screen'));
const ChatListScreen = lazyScreen(loadChatListScreen);
const ChatScreen = lazyScreen(loadChatScreen);
const ArchiveScreen = lazy(() => import('../features/chat/components/archive-screen'));
const BlockedRoute = lazy(() => import('./startup/blocked-route').then((module) => ({ default: module.BlockedRoute })));

function Chunk({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ScreenErrorBoundary>
  );
}
const chunk = (screen: ReactNode) => <Chunk>{screen}</Chunk>;

/** The route table of end-user.md §2 and moderation-admin.md §2; screens that do not exist yet have no route (AMENDMENTS §4.2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/explore" replace />} />
      <Route
        element={
          <Suspense fallback={<Spinner />}>
            <AppFrame />
          </Suspense>
        }
      >
        <Route path="/chat" element={chunk(<ChatListScreen />)} />
        <Route path="/theme" element={chunk(<ThemeScreen />)} />
        <Route path="/messages/:chatId" element={chunk(<ChatScreen />)} />
        <Route path="/archive" element={chunk(<ArchiveScreen />)} />
        {/* The spec's chat settings are the working theme screen. */}
        <Route path="/chat-settings" element={<Navigate to="/theme" replace />} />
        <Route path="/likes" element={chunk(<LikesScreen />)} />
        <Route path="/likes-history" element={chunk(<LikesHistoryScreen />)} />
        <Route path="/explore" element={chunk(<ExploreScreen />)} />
        <Route path="/search-settings" element={chunk(<SearchSettingsScreen />)} />
        <Route path="/profile" element={chunk(<ProfileMenuScreen />)} />
        <Route path="/my-profile" element={chunk(<MyProfileScreen />)} />
        <Route path="/u/by-chat/:chatId" element={chunk(<PeerProfileScreen by="chat" />)} />
        <Route path="/u/:userId" element={chunk(<PeerProfileScreen by="user" />)} />
        <Route path="/profile/:userId" element={chunk(<PeerProfileScreen by="user" />)} />
        <Route path="/privacy" element={chunk(<PrivacyScreen />)} />
        <Route path="/blacklist" element={chunk(<BlacklistScreen />)} />
        <Route path="/blocked" element={chunk(<BlockedRoute />)} />
        <Route path="/notifications" element={chunk(<NotificationsScreen />)} />
        <Route path="/help" element={chunk(<HelpScreen />)} />
        <Route path="/about-position" element={chunk(<AboutPositionScreen />)} />
        <Route path="/admin/*" element={chunk(<AdminRoutes />)} />
        <Route path="/moderation/*" element={chunk(<ModerationRoutes />)} />
      </Route>
      <Route path="*" element={<Navigate to="/explore" replace />} />
    </Routes>
  );
}
