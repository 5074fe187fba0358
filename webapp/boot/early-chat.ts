// A launch into the chat list or a chat (a push) painted before the app, as the first card is for explore
// (early-card.ts): under the same rules (early-card-rule.ts mayBrowse: onboarding, a ban, the release countdown or an
// error paint nothing), from the landing calls' answers (landing-calls.ts), in the layer the screen takes over from.
import { WIDE_MIN_WIDTH } from '../app/route-meta';
import { accountKeyOf, launchUserId } from '../lib/device-storage';
import { earlyCardTaken } from '../lib/early-card-handoff';
import { chatListKeyFor } from '../features/chat/lib/chat-list-key';
import { draftName } from '../features/chat/lib/drafts';
import { chatListOf } from './early-chat-list';
import { isRecord, mayBrowse } from './early-card-rule';
import { conversationOf, scrollToLatest } from './early-conversation';
import { earlyLayer, jsonOf, markEarly, stylesheetsIn } from './early-dom';

type Answers = Record<'validated' | 'me' | 'status', Promise<Response>>;

function stored(name: string, initData: string): string {
  try {
    const key = accountKeyOf(name, initData);
    return (key !== null && localStorage.getItem(key)) || '';
  } catch {
    return '';
  }
}

/** A chat list kept from the last launch: the app draws that one first, so the page draws none of its own. */
function listKeptHere(userId: number | null): boolean {
  try {
    return userId !== null && localStorage.getItem(chatListKeyFor(userId)) !== null;
  } catch {
    return true;
  }
}

/**
 * Whether this launch may paint its chat screen early at all: on a phone's layout (the wide one lays the screens out
 * otherwise), and for the chat list only when none is kept here (the app draws that one first). Known at once, so the
 * app is not held back for a paint that cannot come.
 */
export function mayPaintChat(path: string, initData: string): boolean {
  return window.innerWidth < WIDE_MIN_WIDTH && !(path === '/chat' && listKeptHere(launchUserId(initData)));
}

function screenOf(path: string, [first, second]: unknown[], initData: string): HTMLElement | null {
  const userId = launchUserId(initData);
  const draftOf = (chatId: string) => stored(draftName(chatId), initData);
  if (path === '/chat') return chatListOf(first, second, draftOf);
  const chatId = isRecord(first) && typeof first.chatId === 'string' ? first.chatId : null;
  if (chatId === null) return null;
  const me = userId === null ? null : String(userId);
  return conversationOf({ info: first, history: second, me, draft: draftOf(chatId) });
}

/** Paints the landing chat screen (mayPaintChat) once the answers allow it and the page's stylesheets are in; nothing otherwise. */
export async function paintEarlyChat(
  path: string,
  answers: Answers,
  landing: Promise<Response>[],
  initData: string,
): Promise<HTMLElement | null> {
  const [validated, me, status, ...bodies] = await Promise.all([answers.validated, answers.me, answers.status, ...landing].map(jsonOf));
  await stylesheetsIn();
  const screen = mayBrowse({ validated, me, status }) && !earlyCardTaken() ? screenOf(path, bodies, initData) : null;
  if (!screen) return (markEarly('none'), null);
  // A conversation has no bottom bar; the chat list has one (drawn by the app).
  const layer = earlyLayer(
    screen,
    path === '/chat'
      ? 'mobile-layout_shell mobile-layout_withBar mobile-layout_headerless'
      : 'mobile-layout_shell mobile-layout_headerless',
  );
  document.body.append(layer);
  scrollToLatest(layer);
  markEarly('painted');
  return layer;
}
