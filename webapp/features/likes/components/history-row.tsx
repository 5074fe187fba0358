import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { HistoryItem } from '../../../../contracts/likes';
import { sizedImageUrl, THUMB_PHOTO_WIDTH } from '../../../components/profile-card/card-image-url';
import { relativeTime } from '../lib/relative-time';
import styles from './history-list.module.css';

const nameOf = (item: HistoryItem) => item.displayName?.trim() || 'Пользователь';

function Avatar({ item }: { item: HistoryItem }) {
  const [failed, setFailed] = useState(false);
  if (item.photoUrl && !failed) {
    return (
      <img
        className={styles.avatar}
        src={sizedImageUrl(item.photoUrl, THUMB_PHOTO_WIDTH)}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.avatarLetter}`} aria-hidden="true">
      {nameOf(item).charAt(0).toUpperCase()}
    </span>
  );
}

/** One like: avatar, name (no @username: AMENDMENTS §4.3), when, 'Матч' or 'Просмотрено' once seen, 'Мой лайк' or 'Получен'; opens the profile. */
export function HistoryRow({ item, now }: { item: HistoryItem; now: Date }) {
  return (
    <li>
      <Link to={`/u/${encodeURIComponent(item.userId)}`} className={styles.row} data-testid="history-row">
        <Avatar item={item} />
        <span className={styles.rowMain}>
          <span className={styles.rowName}>{nameOf(item)}</span>
          <span className={styles.rowBadges}>
            {item.isMatched && <span className={styles.badgeMatch}>Матч</span>}
            {!item.isMatched && item.isSeen && <span className={styles.badgeSeen}>Просмотрено</span>}
            <span className={styles.badgeKind}>{item.isMyLike ? 'Мой лайк' : 'Получен'}</span>
          </span>
        </span>
        <time className={styles.rowTime} dateTime={item.likedAt}>
          {relativeTime(item.likedAt, now)}
        </time>
      </Link>
    </li>
  );
}
