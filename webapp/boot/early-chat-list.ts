// The chat list painted from plain DOM before the app's code has run, from the early answers of GET /api/chat/me and
// GET /api/chat/archive, with the markup and classes of the list's first paint (chat-list-screen.tsx, chat-row.tsx,
// new-matches-row.tsx): an empty list, or any chat the page cannot read whole, paints nothing (the app then paints).
import { CHAT_STATE_TEXT, READ_ONLY_REASONS, type ReadOnlyReason } from '../../contracts/chat-state-text';
import { formatBadge } from '../components/ui/format-badge';
import { ARCHIVE, REFRESH } from '../components/ui/icon-glyphs';
import { formatChatTime, truncateTitles } from '../features/chat/lib/chat-format';
import { CHAT_FIRST_PAINT_TEXT as TEXT } from '../features/chat/lib/chat-first-paint-text';
import { closedNotice } from '../features/chat/lib/closed-chat';
import { chatPath } from '../lib/chat-path';
import { avatarOf, isSameOriginPath } from './early-avatar';
import { isRecord } from './early-card-rule';
import { element, glyphOf } from './early-dom';

interface Row {
  id: string;
  title: string;
  avatarUrl: string | null;
  last: string | null;
  time: string | null;
  unreadCount: number;
  isOnline: boolean;
  lastSeq: number;
  readOnly: boolean;
  readOnlyReason: ReadOnlyReason | null;
}

const isReason = (value: unknown): value is ReadOnlyReason => READ_ONLY_REASONS.includes(value as ReadOnlyReason);
const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** A chat of the list's answer as the app reads it (contracts/chat.ts chatListItemSchema), or null. */
function rowOf(item: unknown): Row | null {
  if (!isRecord(item) || !isRecord(item.message) || typeof item.id !== 'string' || !item.id) return null;
  const { id, title, avatarUrl, unreadCount = 0, isOnline, lastSeq, readOnly, readOnlyReason = null } = item;
  const { last, time } = item.message;
  if (typeof title !== 'string' || !(avatarUrl === null || isSameOriginPath(avatarUrl)) || !stringOrNull(last)) return null;
  if (!stringOrNull(time) || typeof unreadCount !== 'number' || typeof isOnline !== 'boolean') return null;
  if (typeof lastSeq !== 'number' || typeof readOnly !== 'boolean' || !(readOnlyReason === null || isReason(readOnlyReason))) return null;
  return {
    id,
    title: title.trim() || CHAT_STATE_TEXT.untitled,
    avatarUrl,
    last,
    time,
    unreadCount,
    isOnline,
    lastSeq,
    readOnly,
    readOnlyReason,
  };
}

const isNewMatch = (row: Row) => row.lastSeq === 0 && !row.readOnly;

function link(className: string, href: string, ...children: (Node | string)[]): HTMLAnchorElement {
  const anchor = element('a', className, ...children);
  anchor.href = href;
  return anchor;
}

function button(className: string, ...children: Node[]): HTMLButtonElement {
  const node = element('button', className, ...children);
  node.type = 'button';
  return node;
}

function previewOf(row: Row, draft: string): HTMLElement {
  const preview = element('span', 'chat-list_preview');
  if (draft) preview.append(element('span', 'chat-list_draft', TEXT.draft), ` ${draft}`);
  else preview.append(closedNotice(row) ?? row.last ?? TEXT.firstMessage);
  return preview;
}

function chatRowOf(row: Row, draft: string): HTMLElement {
  const avatar = avatarOf(row.title, { url: row.avatarUrl, size: 48, online: row.isOnline, closed: row.readOnly });
  const avatarBox = row.readOnly ? element('span', 'chat-list_avatarButton', avatar) : button('chat-list_avatarButton', avatar);
  const heading = element(
    'span',
    'chat-list_line',
    element('span', 'chat-list_title', row.title),
    element('time', 'chat-list_time', formatChatTime(row.time)),
  );
  const second = element('span', 'chat-list_line', previewOf(row, row.readOnly ? '' : draft));
  const unread = formatBadge(row.unreadCount);
  if (unread) second.append(element('span', 'chat-list_unread', unread));
  const body = link('chat-list_body', chatPath(row.id), heading, second);
  return element('li', 'chat-list_row archive-swipe-row_row', element('div', 'archive-swipe-row_slide', avatarBox, body));
}

function archiveRowOf(archive: unknown): HTMLElement | null {
  if (!isRecord(archive) || typeof archive.messageCount !== 'number' || archive.messageCount <= 0) return null;
  const titles = Array.isArray(archive.chatTitles) ? archive.chatTitles.filter((t): t is string => typeof t === 'string') : [];
  const line = element('span', 'chat-list_line', element('span', 'chat-list_title', TEXT.archive));
  line.append(element('span', 'chat-list_time', String(archive.messageCount)));
  const body = element('span', 'chat-list_body', line, element('span', 'chat-list_preview', truncateTitles(titles)));
  return link('chat-list_archive', '/archive', glyphOf(ARCHIVE, 22), body);
}

function newMatchesOf(rows: Row[]): HTMLElement {
  const items = rows.map((row) => {
    const avatar = avatarOf(row.title, { url: row.avatarUrl, size: 64, online: row.isOnline });
    return element('li', '', link('new-matches-row_match', chatPath(row.id), avatar, element('span', 'new-matches-row_name', row.title)));
  });
  const title = element('h3', 'new-matches-row_title', 'Новые матчи');
  return element('section', 'new-matches-row_section', title, element('ul', 'new-matches-row_row', ...items));
}

/** The list's screen from the two answers; null when it should not be painted early. */
export function chatListOf(page: unknown, archive: unknown, draftOf: (chatId: string) => string): HTMLElement | null {
  if (!isRecord(page) || !Array.isArray(page.items) || page.items.length === 0) return null;
  const rows = page.items.map(rowOf);
  if (rows.some((row) => row === null)) return null;
  const all = rows as Row[];
  const refresh = button('icon-button_iconButton chat-list_refresh', glyphOf(REFRESH, 20, 2));
  const top = element('header', 'chat-list_top', element('h2', 'chat-list_heading', TEXT.listTitle), refresh);
  const screen = element('section', 'chat-list_screen', top);
  const archiveRow = archiveRowOf(archive);
  if (archiveRow) screen.append(archiveRow);
  const matches = all.filter(isNewMatch);
  if (matches.length) screen.append(newMatchesOf(matches));
  const chats = all.filter((row) => !isNewMatch(row)).map((row) => chatRowOf(row, draftOf(row.id)));
  screen.append(element('ul', 'chat-list_list', ...chats));
  return screen;
}
