import type { ReactNode } from 'react';
import { Icon } from '../../../components/ui/icon';
import { haptics } from '../../../lib/telegram/haptics';
import { useRowSwipe } from '../hooks/use-row-swipe';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './archive-swipe-row.module.css';

interface ArchiveSwipeRowProps {
  /** A row of /archive: the action takes the chat out of it. */
  archived: boolean;
  /** Moves the chat to or from the archive; the row leaves when its list no longer holds the chat. */
  onArchive: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A chat list row that slides left to reveal 'В архив' ('Из архива' in the archive), through POST /api/chat/archive
 * as the chat's menu does (the way to it without a swipe).
 */
export function ArchiveSwipeRow({ archived, onArchive, className, children }: ArchiveSwipeRowProps) {
  const archive = () => {
    haptics.impact('medium');
    onArchive();
  };
  const swipe = useRowSwipe(archive);
  return (
    <li className={`${className ?? ''} ${styles.row}`}>
      <div
        className={`${styles.slide} ${swipe.sliding ? styles.sliding : ''}`}
        style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
        data-testid="chat-row-slide"
        {...swipe.handlers}
      >
        {children}
      </div>
      <button type="button" className={styles.action} hidden={swipe.offset === 0} onClick={() => (swipe.close(), archive())}>
        <Icon name="archive" size={22} />
        {archived ? CHAT_TEXT.fromArchive : CHAT_TEXT.toArchive}
      </button>
    </li>
  );
}
