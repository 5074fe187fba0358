import { useCallback, useState } from 'react';
import type { CurrentUser } from '../../../../contracts/user';
import { sizedImageUrl } from '../../../components/profile-card/card-image-url';
import { Icon } from '../../../components/ui/icon';
import { showToast } from '../../../components/ui/toast-store';
import { AVATAR_TEXT, refreshAvatar } from '../lib/change-avatar';
import { menuDisplayName } from '../lib/display-name';
import { AvatarMenu } from './avatar-menu';
import styles from './profile-menu.module.css';

export const MODERATION_BADGE = 'На модерации';
export const MODERATION_TOAST = {
  text: 'Анкета на модерации',
  description: 'Обычно проверка занимает несколько часов — мы не задержим дольше, чем нужно.',
};

/** The profile is waiting for a moderator (end-user.md §4: the description under review shows the badge). */
export const isUnderReview = (user: CurrentUser) =>
  user.profile?.descriptionModerationStatus === 'PENDING' || user.profile?.initialModerationStatus === 'PENDING';

function Avatar({ user, name, busy, onLost }: { user: CurrentUser; name: string; busy: boolean; onLost: (url: string) => void }) {
  const url = user.customPhotoUrl ?? user.photoUrl;
  const [failed, setFailed] = useState<string | null>(null);
  const onError = (broken: string) => {
    setFailed(broken);
    // One fresh look per broken URL; the initial letter stays when none comes.
    refreshAvatar(broken).then(
      (replaced) => !replaced && onLost(broken),
      () => onLost(broken),
    );
  };
  return (
    <span className={`${styles.avatar} ${busy ? styles.avatarBusy : ''}`}>
      {url && failed !== url ? (
        <img src={sizedImageUrl(url, 256)} alt="" onError={() => onError(url)} />
      ) : (
        <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
      )}
      <span className={styles.avatarEdit} aria-hidden="true">
        <Icon name="camera" size={14} />
      </span>
    </span>
  );
}

/** Avatar (tap for the dropdown), display name, @username, the avatar status line and the moderation badge. */
export function ProfileHeader({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // The URL that failed and could not be replaced; a new avatar clears the note by having another URL.
  const [lostUrl, setLostUrl] = useState<string | null>(null);
  const lost = lostUrl !== null && lostUrl === (user.customPhotoUrl ?? user.photoUrl);
  const close = useCallback(() => setOpen(false), []);
  const name = menuDisplayName(user);
  const isCustom = user.customPhotoUrl !== null;
  return (
    <header className={styles.header}>
      <div className={styles.avatarWrap}>
        <button
          type="button"
          className={styles.avatarButton}
          aria-label="Сменить аватар"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <Avatar user={user} name={name} busy={busy} onLost={setLostUrl} />
        </button>
        <AvatarMenu open={open} onClose={close} isCustom={isCustom} onBusy={setBusy} />
      </div>
      <h2 className={styles.name} data-testid="profile-name">
        {name}
      </h2>
      {user.username && <p className={styles.handle}>@{user.username}</p>}
      <p className={styles.avatarStatus} role={lost ? 'status' : undefined}>
        {lost ? AVATAR_TEXT.fetchFailed : isCustom ? AVATAR_TEXT.uploaded : AVATAR_TEXT.telegram}
      </p>
      {isUnderReview(user) && (
        <button type="button" className={styles.reviewBadge} onClick={() => showToast({ ...MODERATION_TOAST, durationMs: 5000 })}>
          <span className={styles.reviewDot} aria-hidden="true" />
          {MODERATION_BADGE}
        </button>
      )}
    </header>
  );
}
