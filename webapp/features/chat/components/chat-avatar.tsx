import { Icon } from '../../../components/ui/icon';
import { initialOf } from '../lib/chat-format';
import styles from './chat-avatar.module.css';

interface ChatAvatarProps {
  title: string;
  url: string | null;
  online?: boolean;
  size?: number;
  /** A closed chat shows nobody: a lock, neither a photo nor a letter nor presence. */
  closed?: boolean;
}

/** Round avatar with the title's first letter when there is no photo (or it fails), and the green online dot. */
export function ChatAvatar({ title, url, online, size = 48, closed = false }: ChatAvatarProps) {
  if (closed)
    return (
      <span className={`${styles.avatar} ${styles.closed}`} style={{ width: size, height: size }} data-testid="closed-avatar">
        <Icon name="lock" size={Math.round(size * 0.46)} strokeWidth={2} />
      </span>
    );
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {/* Decoded with the frame that draws the row: the photo is usually in already (the page preloads it), and the
          list's largest paint should not wait a frame or more behind its text. */}
      {url ? (
        <img src={url} alt="" decoding="sync" className={styles.image} onError={(e) => (e.currentTarget.style.display = 'none')} />
      ) : null}
      <span className={styles.initial} aria-hidden="true">
        {initialOf(title)}
      </span>
      {online && <span className={styles.dot} data-testid="online-dot" aria-label="В сети" />}
    </span>
  );
}
