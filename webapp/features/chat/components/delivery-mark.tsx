import { CHAT_TEXT } from '../lib/chat-text';
import { deliveryBox, DELIVERY_GLYPH, type DeliveryState } from '../lib/delivery-glyph';

const LABEL = { sending: CHAT_TEXT.sending, failed: CHAT_TEXT.failed, sent: 'Отправлено', read: CHAT_TEXT.read } as const;

/** The state icon beside an own message's time: a clock, one check (sent), two checks (read by the peer), or a warning. */
export function DeliveryMark({ state }: { state: DeliveryState }) {
  const { width, viewBox } = deliveryBox(state);
  return (
    <svg
      width={width}
      height="14"
      viewBox={viewBox}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label={LABEL[state]}
      data-state={state}
    >
      <path d={DELIVERY_GLYPH[state].path} />
    </svg>
  );
}
