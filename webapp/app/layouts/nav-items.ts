import type { IconName } from '../../components/ui/icon';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  badge?: 'messages' | 'likes';
  /** Other paths on which this item counts as current. */
  alsoActive?: readonly string[];
}

export const USER_TABS: readonly NavItem[] = [
  { to: '/chat', label: 'Чаты', icon: 'chat', badge: 'messages', alsoActive: ['/messages', '/archive'] },
  { to: '/likes', label: 'Лайки', icon: 'heart', badge: 'likes', alsoActive: ['/likes-history'] },
  { to: '/explore', label: 'Анкеты', icon: 'cards' },
  // The profile menu's settings pages; /help and /chat-settings have their own sidebar entries.
  {
    to: '/profile',
    label: 'Профиль',
    icon: 'user',
    alsoActive: ['/my-profile', '/privacy', '/blacklist', '/theme', '/notifications', '/about-position'],
  },
];

/**
 * moderation-admin.md §2 bottom bars (their back button is Telegram's BackButton now). The areas share screens, so each
 * bar also marks its section on the other area's paths.
 */
export const ADMIN_BAR: readonly NavItem[] = [
  { to: '/admin/stats', label: 'Статистика', icon: 'chart', alsoActive: ['/moderation/stats'] },
  { to: '/admin/users', label: 'Пользователи', icon: 'users', alsoActive: ['/admin/user', '/moderation/users'] },
  { to: '/admin/profiles', label: 'Анкеты', icon: 'cards', alsoActive: ['/admin/reports', '/moderation/profiles', '/moderation/reports'] },
  { to: '/admin/db', label: 'База', icon: 'database' },
];

// No statistics tab: the moderators' statistics screen does not exist yet (AMENDMENTS §4.2).
export const MODERATOR_BAR: readonly NavItem[] = [
  { to: '/moderation/profiles', label: 'Анкеты', icon: 'cards', alsoActive: ['/moderation/reports', '/admin/profiles', '/admin/reports'] },
  { to: '/moderation/users', label: 'Пользователи', icon: 'users', alsoActive: ['/admin/users', '/admin/user'] },
];

/** Desktop sidebar: the tabs, help, the admin entry (admins only), then the settings (the working /theme screen). */
export const SIDEBAR_ITEMS: readonly (NavItem & { adminOnly?: boolean })[] = [
  ...USER_TABS,
  { to: '/help', label: 'Справка', icon: 'help' },
  { to: '/admin', label: 'Админ-панель', icon: 'shield', adminOnly: true },
  { to: '/theme', label: 'Настройки', icon: 'settings' },
];

export function isItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActive ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
