// What the frame shows around each path: header titles, Telegram's BackButton, which bottom bar.

const EXACT_TITLES: Record<string, string> = {
  '/profile': 'Профиль',
  '/my-profile': 'Моя анкета',
  '/help': 'Справка',
  '/privacy': 'Приватность',
  '/blocked': 'Доступ ограничен',
  '/blacklist': 'Чёрный список',
  '/likes-history': 'История лайков',
  '/chat-settings': 'Тема',
  '/theme': 'Оформление',
  '/recommendations': 'Рекомендации',
  '/notifications': 'Уведомления',
  '/about-position': 'Наша позиция',
  '/search-settings': 'Настройки поиска',
};

const BACK_BUTTON_PATHS = ['/my-profile', '/help', '/privacy', '/blacklist', '/likes-history', '/chat-settings', '/recommendations', '/notifications', '/about-position', '/theme', '/search-settings'];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const isAdminPath = (pathname: string) => under(pathname, '/admin');
export const isModerationPath = (pathname: string) => under(pathname, '/moderation');
export const isStaffPath = (pathname: string) => isAdminPath(pathname) || isModerationPath(pathname);

/** end-user.md §2 header titles; the default is the product name. */
export function titleForPath(pathname: string, productName: string): string {
  if (isAdminPath(pathname)) return 'Админ-панель';
  if (isModerationPath(pathname)) return 'Модерация';
  return EXACT_TITLES[pathname] ?? productName;
}

/** Routes on which Telegram's BackButton is shown. */
export function showsBackButton(pathname: string): boolean {
  return pathname.startsWith('/u/') || pathname.startsWith('/admin/user/') || BACK_BUTTON_PATHS.includes(pathname);
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
