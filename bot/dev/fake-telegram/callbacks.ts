import type { ChatStore } from './chats';
import { bad, optStr, type Handler } from './params';

interface CallbackRecord {
  chatId: number;
  messageId: number;
  answered: boolean;
}

/** Button presses the bot has to answer once, with the answer kept on the pressed message. */
export class CallbackQueries {
  private readonly records = new Map<string, CallbackRecord>();
  private nextCallbackNo = 1;

  constructor(private readonly chats: ChatStore) {}

  open(chatId: number, messageId: number): string {
    const id = String(4_000_000 + this.nextCallbackNo++);
    this.records.set(id, { chatId, messageId, answered: false });
    return id;
  }

  methods(): Record<string, Handler> {
    return {
      answerCallbackQuery: (p) => {
        const record = this.records.get(optStr(p, 'callback_query_id') ?? '');
        if (!record || record.answered) {
          throw bad('query is too old and response timeout expired or query ID is invalid');
        }
        record.answered = true;
        const stored = this.chats.message(record.chatId, record.messageId);
        if (stored) stored.callbackAnswer = optStr(p, 'text') ?? '';
        return true;
      },
    };
  }
}
