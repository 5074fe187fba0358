// What the frame shows around each path: header titles, Telegram's BackButton, which bottom bar.

const EXACT_TITLES: Record<string, string> = {
  '/profile': 'Профиль',
  '/my-profile': 'Моя анкета',
  '/help': 'Справка',
  '/privacy': 'Приватность',
  '/blocked': 'Доступ ограничен',
  '/blacklist': 'Чёрный список',
  '/likes-history': 'История лайков',
  '/theme': 'Оформление',
  '/notifications': 'Уведомления',
  '/about-position': 'Наша позиция',
  '/search-settings': 'Настройки поиска',
  '/archive': 'Архив',
};

/** The bottom bar's tabs: Telegram's BackButton would close nothing there, so it is hidden. */
const ROOT_PATHS = ['/explore', '/likes', '/chat', '/profile'] as const;

const isRootPath = (pathname: string) => (ROOT_PATHS as readonly string[]).includes(pathname);
const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

const isAdminPath = (pathname: string) => under(pathname, '/admin');
const isModerationPath = (pathname: string) => under(pathname, '/moderation');
export const isStaffPath = (pathname: string) => isAdminPath(pathname) || isModerationPath(pathname);
const isConversationPath = (pathname: string) => under(pathname, '/messages');

/** end-user.md §2 header titles; the default is the product name. */
export function titleForPath(pathname: string, productName: string): string {
  if (isAdminPath(pathname)) return 'Админ-панель';
  if (isModerationPath(pathname)) return 'Модерация';
  return EXACT_TITLES[pathname] ?? productName;
}

/**
 * The compact title a phone shows under Telegram's own title bar (which already names the app): sub-screens and staff
 * areas only; none on the bottom-bar roots and none in a conversation, which has its own header.
 */
export function compactTitleFor(pathname: string): string | null {
  if (isAdminPath(pathname)) return 'Админ-панель';
  if (isModerationPath(pathname)) return 'Модерация';
  return isRootPath(pathname) ? null : (EXACT_TITLES[pathname] ?? null);
}

/** Routes on which Telegram's BackButton is shown: every route that is not a bottom-bar root. */
export function showsBackButton(pathname: string): boolean {
  return !isRootPath(pathname) && pathname !== '/' && pathname !== '/blocked';
}

/** Where BackButton leads when there is no page of ours to go back to (the app was opened on a deep link). */
export function backTargetFor(pathname: string): string {
  if (isConversationPath(pathname) || pathname === '/archive' || pathname.startsWith('/u/by-chat/')) return '/chat';
  if (pathname === '/likes-history') return '/likes';
  if (pathname.startsWith('/admin/user/')) return '/admin/users';
  if (isModerationPath(pathname) && pathname !== '/moderation') return '/moderation';
  if (isStaffPath(pathname) || pathname in EXACT_TITLES) return '/profile';
  return '/explore';
}

export type BottomBar = 'user' | 'admin' | 'moderator' | 'none';
export type StaffRole = 'admin' | 'moderator';

/**
 * The staff bar on a staff path follows the role, not the path: the areas share routes (an admin reviews on
 * /moderation, a moderator opens /admin/user/…), and each keeps their own bar there. A plain user keeps the user tabs.
 */
export function staffAreaFor(pathname: string, role: StaffRole | null): StaffRole | null {
  return role !== null && isStaffPath(pathname) ? role : null;
}

/** Mobile bottom bar: hidden in a conversation, replaced on admin and moderation paths for staff. */
export function bottomBarFor(pathname: string, role: StaffRole | null): BottomBar {
  if (under(pathname, '/messages')) return 'none';
  return staffAreaFor(pathname, role) ?? 'user';
}

export const WIDE_MIN_WIDTH = 1024;
export const SIDEBAR_EXPANDED_MIN_WIDTH = 1280;
