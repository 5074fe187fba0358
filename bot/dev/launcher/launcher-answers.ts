import type { InlineKeyboardMarkup } from 'grammy/types';

/** The /dev routes' answers, as bot/dev/launcher.routes.ts gives them and the launcher page reads them. */

export interface LauncherUser {
  id: number;
  firstName: string | null | undefined;
  username: string | null | undefined;
  role: string;
  isBanned: boolean;
}

export interface UsersAnswer {
  users: LauncherUser[];
}

export interface NewUserAnswer {
  id: number;
}

export interface LaunchAnswer {
  initData: string;
  /** The mini app's route with Telegram's launch parameters in its hash. */
  url: string;
}

/** A message of the bot chat as it stands now; only inline keyboards are shown under it, as in Telegram. */
export interface LauncherChatEntry {
  messageId: number;
  fromBot: boolean;
  text?: string;
  caption?: string;
  photo?: boolean;
  replyMarkup?: InlineKeyboardMarkup;
  edited: boolean;
  callbackAnswer?: string;
}

export interface ChatAnswer {
  entries: LauncherChatEntry[];
}

export interface DoneAnswer {
  ok: true;
}
