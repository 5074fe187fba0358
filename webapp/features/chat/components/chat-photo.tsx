import { useState } from 'react';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './chat-photo.module.css';
import { Icon } from '../../../components/ui/icon';

interface ChatPhotoProps {
  url: string;
  blurred: boolean;
  /** The server's check found it may be explicit: a stronger blur and a warning before 'Показать'. */
  sensitive?: boolean;
  /** A small line over the corner of a shown photo (the sender's own flagged photo). */
  note?: string;
  alt?: string;
  imageClassName?: string;
  /** Tapping the photo once it is shown opens it full screen. */
  onOpen?: (url: string) => void;
}

/** A photo (or a sticker between minors) from the peer arrives blurred; 'Показать' reveals it (AMENDMENTS §1.5). */
export function ChatPhoto({ url, blurred, sensitive = false, note, alt = 'Фото', imageClassName = styles.photo, onOpen }: ChatPhotoProps) {
  const [shown, setShown] = useState(!blurred);
  const veil = sensitive ? styles.sensitive : styles.blurred;
  const image = (
    <img
      src={url}
      alt={alt}
      className={`${imageClassName} ${shown ? '' : veil}`}
      data-blurred={shown ? undefined : 'true'}
      data-sensitive={sensitive || undefined}
      loading="lazy"
    />
  );
  return (
    <span className={styles.wrap}>
      {shown && onOpen ? (
        <button type="button" className={styles.open} aria-label={CHAT_TEXT.photoViewer} onClick={() => onOpen(url)}>
          {image}
        </button>
      ) : (
        image
      )}
      {shown && note && <span className={styles.note}>{note}</span>}
      {!shown && (
        <span className={styles.cover}>
          {sensitive && <span className={styles.warning}>{CHAT_TEXT.sensitiveWarning}</span>}
          <button
            type="button"
            className={styles.reveal}
            onClick={(e) => {
              e.stopPropagation();
              setShown(true);
            }}
          >
            <Icon name="eye" size={16} strokeWidth={2} />
            {CHAT_TEXT.show}
          </button>
        </span>
      )}
    </span>
  );
}
