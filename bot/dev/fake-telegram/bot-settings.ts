import type { BotCommand, MenuButton } from 'grammy/types';
import { bad, isRecord, optInt, optStr, type Handler, type Params } from './params';
import type { UpdateQueue } from './updates';

/** One command list per scope (default, all private chats, one chat...) and language code. */
function commandScopeKey(params: Params): string {
  const scope = isRecord(params.scope) ? params.scope : { type: 'default' };
  const chat = scope.chat_id === undefined ? '' : `:${String(scope.chat_id)}`;
  const user = scope.user_id === undefined ? '' : `:${String(scope.user_id)}`;
  return `${String(scope.type ?? 'default')}${chat}${user}|${optStr(params, 'language_code') ?? ''}`;
}

/** What the bot configures about itself: commands, menu buttons, webhook. */
export class BotSettings {
  // Keyed by scope and language, as Telegram keeps one list per pair.
  private readonly commands = new Map<string, BotCommand[]>();
  private readonly menuButtons = new Map<number, MenuButton>();
  private webhookUrl = '';

  constructor(private readonly updates: UpdateQueue) {}

  /** The command list of a scope as a client would see it set (none: empty). */
  commandsFor(params: Params): BotCommand[] {
    return this.commands.get(commandScopeKey(params)) ?? [];
  }

  methods(): Record<string, Handler> {
    return { ...this.webhookMethods(), ...this.commandMethods(), ...this.menuMethods() };
  }

  private webhookMethods(): Record<string, Handler> {
    return {
      deleteWebhook: (p) => {
        if (p.drop_pending_updates === true) this.updates.clear();
        this.webhookUrl = '';
        return true;
      },
      setWebhook: (p) => {
        this.webhookUrl = optStr(p, 'url') ?? '';
        return true;
      },
      getWebhookInfo: () => ({ url: this.webhookUrl, has_custom_certificate: false, pending_update_count: this.updates.pending }),
    };
  }

  private commandMethods(): Record<string, Handler> {
    return {
      setMyCommands: (p) => {
        if (!Array.isArray(p.commands)) throw bad('commands must be an array');
        this.commands.set(commandScopeKey(p), p.commands as BotCommand[]);
        return true;
      },
      getMyCommands: (p) => this.commandsFor(p),
      deleteMyCommands: (p) => {
        this.commands.delete(commandScopeKey(p));
        return true;
      },
    };
  }

  private menuMethods(): Record<string, Handler> {
    return {
      setChatMenuButton: (p) => {
        const button: MenuButton = isRecord(p.menu_button) ? (p.menu_button as unknown as MenuButton) : { type: 'default' };
        this.menuButtons.set(optInt(p, 'chat_id') ?? 0, button);
        return true;
      },
      getChatMenuButton: (p) => this.menuButtons.get(optInt(p, 'chat_id') ?? 0) ?? this.menuButtons.get(0) ?? { type: 'default' },
    };
  }
}
