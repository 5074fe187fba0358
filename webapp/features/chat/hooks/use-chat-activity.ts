import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TYPING_SEND_MS, TYPING_SHOW_MS, type ChatMessage } from '../../../../contracts/chat';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';

export interface ChatActivity {
  /** The chat socket is open ('Соединение…' otherwise). */
  connected: boolean;
  peerTyping: boolean;
  /** The peer's read mark as heard live (the header's chat info has the stored one). */
  peerReadSeq: number;
  /** The viewer typed: tells the peer, at most every TYPING_SEND_MS and only while connected (a stale one is worthless). */
  notifyTyping(): void;
  status(open: boolean): void;
  typing(): void;
  peerRead(seq: number): void;
  /** Messages arrived: the peer's own ones mean they stopped typing and had read everything before them. */
  arrived(messages: readonly ChatMessage[], me: string | null): void;
}

/** What the chat shows about the other side and the line itself: 'печатает…', ✓✓ and 'Соединение…'. */
export function useChatActivity(chatId: string): ChatActivity {
  const [connected, setConnected] = useState(false);
  const [peerTyping, setPeerTyping] = useState(false);
  const [peerReadSeq, setPeerReadSeq] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ connected, lastSent: 0 });
  useLayoutEffect(() => {
    latest.current.connected = connected;
  });

  const stopTyping = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setPeerTyping(false);
  }, []);
  useEffect(() => stopTyping, [stopTyping]);

  const typing = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setPeerTyping(true);
    timer.current = setTimeout(stopTyping, TYPING_SHOW_MS);
  }, [stopTyping]);

  const peerRead = useCallback((seq: number) => setPeerReadSeq((current) => Math.max(current, seq)), []);

  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (!latest.current.connected || now - latest.current.lastSent < TYPING_SEND_MS) return;
    latest.current.lastSent = now;
    sendOnChannel('messages', { t: 'typing', data: { chatId } });
  }, [chatId]);

  const arrived = useCallback(
    (messages: readonly ChatMessage[], me: string | null) => {
      const theirs = messages.filter((m) => m.senderId !== null && m.senderId !== me);
      if (!theirs.length) return;
      stopTyping();
      peerRead(Math.max(...theirs.map((m) => m.seq)));
    },
    [stopTyping, peerRead],
  );

  return { connected, peerTyping, peerReadSeq, notifyTyping, status: setConnected, typing, peerRead, arrived };
}
