import { useState, type ReactNode } from 'react';
import { Icon } from '../../../components/ui/icon';
import { haptics } from '../../../lib/telegram/haptics';
import { useRowSwipe } from '../hooks/use-row-swipe';
import { CHAT_TEXT } from '../lib/chat-text';
import { toggleArchive } from '../lib/toggle-archive';
import styles from './archive-swipe-row.module.css';

interface ArchiveSwipeRowProps {
  chatId: string;
  /** A row of /archive: the action takes the chat out of it. */
  archived: boolean;
  /** The chat moved to or from the archive (the row has left its list). */
  onArchiveChange?: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A chat list row that slides left to reveal 'В архив' ('Из архива' in the archive), through POST /api/chat/archive
 * as the chat's menu does (the way to it without a swipe).
 */
export function ArchiveSwipeRow({ chatId, archived, onArchiveChange, className, children }: ArchiveSwipeRowProps) {
  const [moved, setMoved] = useState(false);
  const archive = () => {
    haptics.impact('medium');
    void toggleArchive(chatId, !archived, () => setMoved(true)).then((ok) => ok && onArchiveChange?.());
  };
  const swipe = useRowSwipe(archive);
  if (moved) return null;
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
