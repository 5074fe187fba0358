import type { StatsOverview } from '../../contracts/admin';
import type { RoleName } from '../../contracts/user';

/** Replies of the admin commands (AMENDMENTS §3): neutral, they may be read on a lock screen. */
export const ADMIN_USAGE = {
  ban: 'Использование: /ban ID причина (от 20 до 500 символов)\nНапример: /ban 123456789 Спам и флуд в сообщениях',
  unban: 'Использование: /unban ID\nНапример: /unban 123456789',
  role: 'Использование: /role ID USER|MODERATOR|ADMIN\nНапример: /role 123456789 MODERATOR',
} as const;

const ROLE_LABELS: Record<RoleName, string> = { USER: 'пользователь', MODERATOR: 'модератор', ADMIN: 'администратор' };
export const PANEL_TEXT = 'Панель администратора';
export const PANEL_BUTTON = 'Открыть панель';
export const PANEL_SENT_PRIVATELY = 'Ссылка на панель отправлена в личные сообщения';
export const PANEL_WRITE_FIRST = 'Напишите боту /start в личных сообщениях, чтобы получить ссылку на панель';

export const bannedText = (id: number, reason: string | null) => `Пользователь #${id} заблокирован.${reason ? `\nПричина: ${reason}` : ''}`;
export const alreadyBannedText = (id: number) => `Пользователь #${id} уже заблокирован.`;
export const unbannedText = (id: number) => `Пользователь #${id} разблокирован.`;
export const notBannedText = (id: number) => `Пользователь #${id} не заблокирован.`;
export const roleChangedText = (id: number, role: RoleName) => `Роль пользователя #${id}: ${ROLE_LABELS[role]}.`;
export const sameRoleText = (id: number, role: RoleName) => `У пользователя #${id} уже роль: ${ROLE_LABELS[role]}.`;

export const statsText = (s: Omit<StatsOverview, 'ok'>) =>
  [
    'Статистика',
    `Новых пользователей сегодня: ${s.usersToday}`,
    `За 7 дней: ${s.usersThisWeek}`,
    `Всего пользователей: ${s.totalUsers}`,
    `Ждут модерации: ${s.pendingModeration}`,
  ].join('\n');
