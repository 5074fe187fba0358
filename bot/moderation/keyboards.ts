import { InlineKeyboard } from 'grammy';
import { BAN_PRESETS, REJECT_PRESETS } from '../../contracts/moderation-reasons';
import { miniAppUrl } from '../keyboards/open-app';

type Subject = 'item' | 'report';
const PREFIX: Record<Subject, string> = { item: 'mi', report: 'mr' };

/**
 * Callback data carries the subject id, the action and, for items, the version the post shows (a decision
 * applies only to what the moderator saw); the role is looked up on every press.
 */
const callbackData = (subject: Subject, id: number, action: string, version?: number) =>
  `${PREFIX[subject]}:${id}:${action}${version === undefined ? '' : `:${version}`}`;
// Item buttons sent before versions existed match too, and are refused as changed.
export const CALLBACK_PATTERN = {
  item: /^mi:(\d{1,18}):([a-z0-9]{2})(?::(\d{1,9}))?$/,
  report: /^mr:(\d{1,18}):([a-z0-9]{2})$/,
  queue: /^mq:op$/,
} as const;

/** Web-app buttons work only in private chats; in a group the bot sends the link privately instead. */
function panelButton(keyboard: InlineKeyboard, chatId: number, url: string, data: string): InlineKeyboard {
  return chatId > 0 ? keyboard.webApp('Открыть в панели', url) : keyboard.text('Открыть в панели', data);
}

export const itemPanelUrl = (publicUrl: string, id: number, type: string) =>
  miniAppUrl(publicUrl, `/moderation/profiles?type=${type}&status=PENDING&itemId=${id}`);
export const reportPanelUrl = (publicUrl: string, id: number) => miniAppUrl(publicUrl, `/moderation/reports?status=PENDING&reportId=${id}`);

export function itemKeyboard(chatId: number, id: number, version: number, url: string): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text('Одобрить', callbackData('item', id, 'ok', version))
    .text('Отклонить', callbackData('item', id, 'no', version))
    .row();
  return panelButton(keyboard, chatId, url, callbackData('item', id, 'op', version));
}

export function rejectKeyboard(id: number, version: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  REJECT_PRESETS.forEach((reason, i) => keyboard.text(reason, callbackData('item', id, `n${i}`, version)).row());
  return keyboard.text('✍️ Своя причина', callbackData('item', id, 'nt', version)).text('← Назад', callbackData('item', id, 'bk', version));
}

/** Block, warn, remove the reported message (MESSAGE reports with a message), reject; then the panel. */
export function reportKeyboard(chatId: number, id: number, url: string, hasMessage: boolean): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text('🚫 Заблокировать', callbackData('report', id, 'bl'))
    .text('⚠️ Предупредить', callbackData('report', id, 'wn'))
    .row();
  if (hasMessage) keyboard.text('🗑 Удалить сообщение', callbackData('report', id, 'rm')).row();
  keyboard.text('Отклонить жалобу', callbackData('report', id, 'rj')).row();
  return panelButton(keyboard, chatId, url, callbackData('report', id, 'op'));
}

export function blockKeyboard(id: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  BAN_PRESETS.forEach((reason, i) => keyboard.text(reason, callbackData('report', id, `b${i}`)).row());
  return keyboard.text('✍️ Своя причина', callbackData('report', id, 'bt')).text('← Назад', callbackData('report', id, 'bk'));
}

/** After a decision: only the way to the panel remains (nothing in a group). */
export const decidedKeyboard = (chatId: number, url: string): InlineKeyboard | undefined =>
  chatId > 0 ? new InlineKeyboard().webApp('Открыть в панели', url) : undefined;
