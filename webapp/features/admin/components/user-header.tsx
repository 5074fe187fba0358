import { useRef, useState } from 'react';
import type { UserDetails } from '../../../../contracts/admin';
import { MEDIA_MESSAGES } from '../../../../contracts/media';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icon';
import { showToast } from '../../../components/ui/toast-store';
import { dateText, ROLE_LABELS } from '../lib/format';
import styles from './user-header.module.css';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface AvatarActions {
  uploadAvatar(file: File): Promise<boolean>;
  resetAvatar(): Promise<boolean>;
}

const userName = (d: UserDetails) => d.profile?.displayName || [d.user.firstName, d.user.lastName].filter(Boolean).join(' ') || 'Без имени';

/** Avatar, name, '@username · #id', role and ban state; admins change the avatar from an image file. */
export function UserHeader({ details, actions }: { details: UserDetails; actions: AvatarActions }) {
  const { user, canEdit } = details;
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const name = userName(details);
  const avatar = user.customPhotoUrl ?? user.photoUrl;

  const pick = async (chosen: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!chosen) return;
    if (chosen.type && !AVATAR_TYPES.includes(chosen.type)) return void showToast({ text: MEDIA_MESSAGES.unsupported, tone: 'error' });
    if (chosen.size > AVATAR_MAX_BYTES) return void showToast({ text: MEDIA_MESSAGES.avatarTooLarge, tone: 'error' });
    setBusy(true);
    await actions.uploadAvatar(chosen);
    setBusy(false);
  };
  const reset = async () => {
    setBusy(true);
    await actions.resetAvatar();
    setBusy(false);
  };

  return (
    <header className={styles.header}>
      <div className={styles.avatarBox}>
        <Avatar src={avatar} letter={name.slice(0, 1)} size={72} className={styles.avatar} />
        {busy && <span className={styles.avatarBusy} aria-label="Загрузка…" />}
      </div>
      <div className={styles.identity}>
        <h3 className={styles.name}>{name}</h3>
        <p className={styles.handle}>{[user.username ? `@${user.username}` : null, `#${user.telegramId}`].filter(Boolean).join(' · ')}</p>
        <p className={styles.chips}>
          <span className={styles.chip}>{ROLE_LABELS[user.role]}</span>
          {user.isBanned && <span className={`${styles.chip} ${styles.chipDanger}`}>Заблокирован</span>}
          <span className={styles.since}>с {dateText(user.createdAt)}</span>
        </p>
      </div>
      {canEdit && (
        <div className={styles.avatarActions}>
          <input
            ref={file}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            hidden
            aria-label="Файл аватара"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          <button type="button" className={styles.smallButton} disabled={busy} onClick={() => file.current?.click()}>
            <Icon name="camera" size={16} />
            Загрузить аватар
          </button>
          {user.customPhotoUrl && (
            <button type="button" className={styles.linkButton} disabled={busy} onClick={() => void reset()}>
              Вернуть фото Telegram
            </button>
          )}
        </div>
      )}
    </header>
  );
}
