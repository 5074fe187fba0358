import { formatBadge } from '../../../components/ui/format-badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import type { MessageScroll } from '../hooks/use-message-scroll';
import { CHAT_TEXT } from '../lib/chat-text';
import type { MessageRow } from '../lib/message-rows';
import { MessageBubble, PendingBubble } from './message-bubble';
import type { MenuTarget } from './message-menu';
import styles from './message-list.module.css';
import { Icon } from '../../../components/ui/icon';

interface MessageListProps {
  rows: MessageRow[];
  scroll: MessageScroll;
  loadingOlder: boolean;
  /** Peer messages that arrived while the viewer read above. */
  unseen: number;
  onMenu(target: MenuTarget): void;
  onRetry(clientId: string): void;
  /** The viewer's messages up to this seq were read by the peer. */
  peerReadSeq: number;
  onOpenPhoto(url: string): void;
  /** Offered in an empty chat that can be written to. */
  onSayHi?: () => void;
}

/** The scrolling conversation: day separators, grouped bubbles, and the button back to the latest messages. */
export function MessageList({ rows, scroll, loadingOlder, unseen, onMenu, onRetry, peerReadSeq, onOpenPhoto, onSayHi }: MessageListProps) {
  // Its refs go to the elements as they are; the rest are plain values and handlers.
  const { ref, contentRef, onScroll, awayFromSeq, jumpToBottom } = scroll;
  const badge = formatBadge(unseen);
  return (
    <div className={styles.frame}>
      <div ref={ref} className={styles.scroller} onScroll={onScroll} data-testid="message-list">
        {loadingOlder && <Spinner />}
        {rows.length === 0 && (
          <EmptyState
            className={styles.empty}
            icon="chat"
            title={CHAT_TEXT.noMessages}
            hint={onSayHi ? CHAT_TEXT.noMessagesHint : undefined}
          >
            {onSayHi && (
              <button type="button" className={styles.sayHi} onClick={onSayHi}>
                {CHAT_TEXT.sayHi}
              </button>
            )}
          </EmptyState>
        )}
        <ol ref={contentRef} className={styles.list}>
          {rows.map((row) =>
            row.kind === 'day' ? (
              <li key={row.key} className={styles.day}>
                <span>{row.label}</span>
              </li>
            ) : row.kind === 'stored' ? (
              <MessageBubble
                key={row.key}
                message={row.message}
                own={row.own}
                first={row.first}
                last={row.last}
                read={row.own && row.message.seq <= peerReadSeq}
                onMenu={row.message.deleted ? undefined : (message) => onMenu({ kind: 'stored', message, own: row.own })}
                onOpenPhoto={onOpenPhoto}
              />
            ) : (
              <PendingBubble
                key={row.key}
                message={row.message}
                first={row.first}
                last={row.last}
                onRetry={onRetry}
                onMenu={(message) => onMenu({ kind: 'pending', message })}
              />
            ),
          )}
        </ol>
      </div>
      {awayFromSeq !== null && (
        <button type="button" className={styles.jump} aria-label={CHAT_TEXT.toLatest} onClick={jumpToBottom}>
          <Icon name="chevronDown" size={22} strokeWidth={2.2} />
          {badge && (
            <span className={styles.jumpBadge} data-testid="unseen-count">
              {badge}
            </span>
          )}
        </button>
      )}
    </div>
  );
}
