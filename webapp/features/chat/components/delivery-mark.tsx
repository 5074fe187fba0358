import { CHAT_TEXT } from '../lib/chat-text';

const LABEL = { sending: CHAT_TEXT.sending, failed: CHAT_TEXT.failed, sent: 'Отправлено', read: CHAT_TEXT.read } as const;
export type DeliveryState = keyof typeof LABEL;

/** The state icon beside an own message's time: a clock, one check (sent), two checks (read by the peer), or a warning. */
export function DeliveryMark({ state }: { state: DeliveryState }) {
  return (
    <svg
      width={state === 'read' ? 18 : 14}
      height="14"
      viewBox={state === 'read' ? '0 0 30 24' : '0 0 24 24'}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label={LABEL[state]}
      data-state={state}
    >
      {state === 'sending' && <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5V12l3 2" />}
      {state === 'sent' && <path d="m5 12.5 4.5 4.5L19 7.5" />}
      {state === 'read' && <path d="m3 12.5 4.5 4.5L17 7.5M13 16l1 1 9.5-9.5" />}
      {state === 'failed' && <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5v5.5M12 16.5h.01" />}
    </svg>
  );
}
