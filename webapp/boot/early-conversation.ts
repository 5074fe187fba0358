// A chat opened from a push, painted from plain DOM before the app's code has run, from the early answers of its info
// and history, with the markup and classes of the chat screen's first paint once ready (chat-screen.tsx,
// chat-header.tsx, message-list.tsx, message-bubble.tsx, composer.tsx). Only an open chat whose page holds text
// messages alone is painted: a closed chat, an empty one, photos, stickers and replies are left to the app.
import type { ChatMessage } from '../../contracts/chat';
import { CHAT_STATE_TEXT } from '../../contracts/chat-state-text';
import { CLIP, DOTS, SEND, SMILE } from '../components/ui/icon-glyphs';
import { formatMessageTime } from '../features/chat/lib/chat-format';
import { CHAT_FIRST_PAINT_TEXT as TEXT } from '../features/chat/lib/chat-first-paint-text';
import { deliveryBox, DELIVERY_GLYPH, type DeliveryState } from '../features/chat/lib/delivery-glyph';
import { buildRows, type MessageRow } from '../features/chat/lib/message-rows';
import { avatarOf, isSameOriginPath } from './early-avatar';
import { isRecord } from './early-card-rule';
import { element, glyphOf, svgOf } from './early-dom';

type Stored = Extract<MessageRow, { kind: 'stored' }>;

/** A text message (or a deleted one) as the history answer gives it; null for anything else. */
function textMessageOf(raw: unknown): ChatMessage | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.seq !== 'number' || typeof raw.createdAt !== 'string') return null;
  if (!(raw.senderId === null || typeof raw.senderId === 'string') || raw.replyTo != null) return null;
  const deleted = raw.deleted === true;
  if (!deleted && (raw.messageType !== 'TEXT' || typeof raw.text !== 'string')) return null;
  return raw as unknown as ChatMessage;
}

function deliveryOf(state: DeliveryState): SVGSVGElement {
  const { width, viewBox } = deliveryBox(state);
  const stroke = { stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  return svgOf(DELIVERY_GLYPH[state].path, { width, height: 14, viewBox, fill: 'none', ...stroke, role: 'img' });
}

function bubbleOf({ message, own, first, last }: Stored, peerReadSeq: number): HTMLElement {
  const spacer = element('span', 'message-bubble_spacer');
  const text = message.deleted
    ? element('p', 'message-bubble_text message-bubble_deleted', TEXT.deleted, spacer)
    : element('p', 'message-bubble_text', message.text ?? '', spacer);
  const meta = element('span', 'message-bubble_meta', element('time', '', formatMessageTime(message.createdAt)));
  if (own) meta.append(deliveryOf(message.seq <= peerReadSeq ? 'read' : 'sent'));
  const bubble = element('div', 'message-bubble_bubble message-bubble_text', text, meta);
  bubble.dataset.shape = 'text';
  const item = element('li', `message-bubble_item ${own ? 'message-bubble_own' : 'message-bubble_theirs'}`, bubble);
  Object.assign(item.dataset, { own: String(own), first: String(first), last: String(last), kind: 'text' });
  return item;
}

function headerOf(title: string, avatarUrl: string | null, withMenu: boolean): HTMLElement {
  const status = element('span', 'chat-header_offline', TEXT.connecting);
  const text = element('span', 'chat-header_text', element('span', 'chat-header_title', title), status);
  const peer = element('button', 'chat-header_peer', avatarOf(title, { url: avatarUrl, size: 40 }), text);
  const header = element('header', 'chat-header_header', peer);
  if (withMenu) header.append(element('button', 'icon-button_iconButton', glyphOf(DOTS, 22, 'filled')));
  return header;
}

function composerOf(draft: string): HTMLElement {
  const input = element('textarea', 'composer_input');
  Object.assign(input, { rows: 1, placeholder: TEXT.placeholder, value: draft });
  input.style.maxHeight = '120px';
  const send = element('button', 'composer_send', glyphOf(SEND, 22, 'filled'));
  send.disabled = !draft.trim();
  const tool = (path: string) => element('button', 'composer_tool', glyphOf(path, 22, 2));
  return element('div', 'composer_composer', tool(CLIP), input, tool(SMILE), send);
}

interface Conversation {
  info: unknown;
  history: unknown;
  /** The viewer's Telegram id, as the app's session names it. */
  me: string | null;
  draft: string;
}

/** The chat's screen; null when it should not be painted early. */
export function conversationOf({ info, history, me, draft }: Conversation): HTMLElement | null {
  if (!isRecord(info) || info.readOnly !== false || typeof info.title !== 'string') return null;
  if (!(info.avatarUrl === null || isSameOriginPath(info.avatarUrl))) return null;
  if (!isRecord(history) || !Array.isArray(history.messages) || history.messages.length === 0) return null;
  const messages = history.messages.map(textMessageOf);
  if (messages.some((m) => m === null)) return null;
  const peerReadSeq = typeof info.peerReadSeq === 'number' ? info.peerReadSeq : 0;
  const rows = buildRows(messages as ChatMessage[], [], me).map((row) =>
    row.kind === 'day' ? element('li', 'message-list_day', element('span', '', row.label)) : bubbleOf(row as Stored, peerReadSeq),
  );
  const list = element('div', 'message-list_scroller', element('ol', 'message-list_list', ...rows));
  const title = info.title.trim() || CHAT_STATE_TEXT.untitled;
  const header = headerOf(title, info.avatarUrl, typeof info.peerUserId === 'string' && info.peerUserId !== '');
  const screenTitle = element('h2', 'visually-hidden_hidden', TEXT.chatTitle);
  return element('section', 'chat-screen_screen', screenTitle, header, element('div', 'message-list_frame', list), composerOf(draft));
}

/** Scrolls the painted messages to the bottom, as the chat screen does when it is ready. */
export function scrollToLatest(layer: HTMLElement): void {
  const scroller = layer.querySelector('.message-list_scroller');
  if (scroller) scroller.scrollTop = scroller.scrollHeight;
}
