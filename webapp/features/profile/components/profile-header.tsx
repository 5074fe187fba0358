import { useCallback, useState } from 'react';
import type { CurrentUser } from '../../../../contracts/user';
import { sizedImageUrl } from '../../../components/profile-card/card-image-url';
import { Icon } from '../../../components/ui/icon';
import { showToast } from '../../../components/ui/toast-store';
import { AVATAR_TEXT, refreshAvatar } from '../lib/change-avatar';
import { menuDisplayName } from '../lib/display-name';
import { AVATAR_STATUS, fallbackAvatar, shownAvatar, type ShownAvatar } from '../lib/shown-avatar';
import { useAvatarInfo } from '../lib/use-avatar-info';
import { AvatarMenu } from './avatar-menu';
import styles from './profile-menu.module.css';

const MODERATION_BADGE = 'На модерации';
const MODERATION_TOAST = {
  text: 'Анкета на модерации',
  description: 'Обычно проверка занимает несколько часов — мы не задержим дольше, чем нужно.',
};

/** The profile is waiting for a moderator (end-user.md §4: the description under review shows the badge). */
const isUnderReview = (user: CurrentUser) =>
  user.profile?.descriptionModerationStatus === 'PENDING' || user.profile?.initialModerationStatus === 'PENDING';

/** The picture, or a neutral silhouette when the user has none (no letter of their name). */
function Avatar({ shown, busy, onError }: { shown: ShownAvatar | null; busy: boolean; onError: (url: string) => void }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = shown && failed !== shown.url ? shown.url : null;
  return (
    <span className={`${styles.avatar} ${busy ? styles.avatarBusy : ''}`} data-avatar={shown?.kind ?? 'none'}>
      {url ? <img src={sizedImageUrl(url, 256)} alt="" onError={() => (setFailed(url), onError(url))} /> : <Icon name="user" size={40} />}
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
  const { info, setInfo } = useAvatarInfo(user.photoUrl);
  const shown = shownAvatar(user.customPhotoUrl, info);
  // The URL that failed and could not be replaced; a new avatar clears the note by having another URL.
  const [lostUrl, setLostUrl] = useState<string | null>(null);
  const lost = lostUrl !== null && lostUrl === shown?.url;
  const close = useCallback(() => setOpen(false), []);
  const name = menuDisplayName(user);
  const isCustom = user.customPhotoUrl !== null;
  // One fresh look per broken URL; the note stays when nothing else comes.
  const onError = (broken: string) =>
    void refreshAvatar().then(
      (fresh) => {
        setInfo(fresh);
        if (shownAvatar(fresh.isCustom ? fresh.photoUrl : null, fresh)?.url === broken) setLostUrl(broken);
      },
      () => setLostUrl(broken),
    );
  const status = lost ? AVATAR_TEXT.fetchFailed : shown && AVATAR_STATUS[shown.kind];
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
          <Avatar shown={shown} busy={busy} onError={onError} />
        </button>
        <AvatarMenu open={open} onClose={close} isCustom={isCustom} revertTo={fallbackAvatar(info)?.kind ?? null} onBusy={setBusy} />
      </div>
      <h2 className={styles.name} data-testid="profile-name">
        {name}
      </h2>
      {user.username && <p className={styles.handle}>@{user.username}</p>}
      {status && (
        <p className={styles.avatarStatus} role={lost ? 'status' : undefined}>
          {status}
        </p>
      )}
      {isUnderReview(user) && (
        <button type="button" className={styles.reviewBadge} onClick={() => showToast({ ...MODERATION_TOAST, durationMs: 5000 })}>
          <span className={styles.reviewDot} aria-hidden="true" />
          {MODERATION_BADGE}
        </button>
      )}
    </header>
  );
}
