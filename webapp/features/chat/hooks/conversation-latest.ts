import type { ChatMessage } from '../../../../contracts/chat';

/** What a conversation's callbacks read at call time, kept in one ref so they need not be rebuilt on every render. */
export interface ConversationLatest {
  phase: 'loading' | 'ready' | 'error';
  messages: ChatMessage[];
  /** The highest seq this viewer has reported read. */
  readSeq: number;
  connected: boolean;
  me: string | null;
}

export type SetMessages = (update: (current: ChatMessage[]) => ChatMessage[]) => void;
