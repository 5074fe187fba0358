import type { InlineKeyboardMarkup } from 'grammy/types';
import { bad, isRecord, optStr, type Params } from './params';

/** Approximates what a person sees: formatting markup removed (entities are not computed). */
function visibleText(raw: string, parseMode: unknown): string {
  const mode = typeof parseMode === 'string' ? parseMode.toLowerCase() : '';
  if (mode === 'html') {
    return raw
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, '&');
  }
  if (mode === 'markdownv2') {
    return raw
      .replace(/\[((?:[^\]\\]|\\.)*)\]\((?:[^)\\]|\\.)*\)/g, '$1')
      .replace(/\\(.)|[*_~|`]/g, (_m, escaped?: string) => escaped ?? '');
  }
  if (mode === 'markdown') return raw.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '');
  return raw;
}

/** The visible text or caption of a send or edit, refused past Telegram's length limit. */
export function textParam(params: Params, name: 'text' | 'caption', limit: number): string | undefined {
  const raw = optStr(params, name);
  if (raw === undefined) return undefined;
  const shown = visibleText(raw, params.parse_mode);
  if (shown.length > limit) throw bad(name === 'text' ? 'message is too long' : 'message caption is too long');
  return shown;
}

function checkInlineKeyboard(rows: unknown): void {
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) throw bad("can't parse inline keyboard markup");
  for (const button of rows.flat()) {
    if (!isRecord(button) || typeof button.text !== 'string') throw bad("can't parse inline keyboard button");
    if (Object.keys(button).length < 2) {
      throw bad("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
    }
    const data = button.callback_data;
    if (typeof data === 'string' && (data.length === 0 || Buffer.byteLength(data) > 64)) {
      throw bad('BUTTON_DATA_INVALID');
    }
  }
}

/** reply_markup of a send or edit, checked the way Telegram refuses broken inline keyboards. */
export function replyMarkupParam(params: Params): unknown {
  const markup = params.reply_markup;
  if (markup === undefined || markup === null) return undefined;
  if (!isRecord(markup)) throw bad("can't parse reply keyboard markup JSON object");
  if (markup.inline_keyboard !== undefined) checkInlineKeyboard(markup.inline_keyboard);
  return markup;
}

export function inlineOnly(markup: unknown): InlineKeyboardMarkup | undefined {
  // Validated by replyMarkupParam(); only inline keyboards are part of a Message.
  return isRecord(markup) && Array.isArray(markup.inline_keyboard) ? (markup as unknown as InlineKeyboardMarkup) : undefined;
}
