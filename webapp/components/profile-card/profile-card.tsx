import type { ReactNode } from 'react';
import type { ProfileCard as ProfileCardData } from '../../../contracts/profile-card';
import { PhotoCarousel } from './photo-carousel';
import styles from './profile-card.module.css';
import { ProfileDetails } from './profile-details';
import { nameWithAge } from './profile-labels';
import { Icon } from '../ui/icon';

/** view: someone else's card; edit: one's own card being edited; moderation: a card under review. */
type ProfileCardMode = 'view' | 'edit' | 'moderation';

export interface ProfileCardProps {
  card: ProfileCardData;
  mode?: ProfileCardMode;
  /** Buttons kept in reach at the bottom of the card (like/dislike, moderation decisions). */
  actions?: ReactNode;
  /** The report control; shown only in view mode (end-user.md §2: hidden in moderation and edit modes). */
  reportAction?: ReactNode;
  /** A line above the details, e.g. when this person liked the viewer. */
  note?: ReactNode;
  /** 'sticky': the actions stay at the bottom of the screen; 'under-photo': right under the photo, never over text. */
  actionsPlacement?: 'sticky' | 'under-photo';
  /** Photos change by tap only (the card itself is swiped, as in explore). */
  photoSwipe?: boolean;
  /** A copy drawn for an animation (the card flying off): no article, no user id, nothing to find or press. */
  decorative?: boolean;
}

/** The shared profile card (end-user.md §2): photos, name and age, city, chips, bio, height. */
export function ProfileCard({
  card,
  mode = 'view',
  actions,
  reportAction,
  note,
  actionsPlacement = 'sticky',
  photoSwipe = true,
  decorative = false,
}: ProfileCardProps) {
  const title = nameWithAge(card.displayName, card.age);
  const photos = card.photos;
  const Tag = decorative ? 'div' : 'article';
  return (
    <Tag
      className={styles.card}
      data-user-id={decorative ? undefined : card.userId}
      data-mode={mode}
      aria-label={decorative ? undefined : title}
    >
      <PhotoCarousel key={`${card.userId}:${photos.join('|')}`} photos={photos} alt={`Фото: ${title}`} swipe={photoSwipe}>
        <h3 className={styles.name}>{title}</h3>
        {card.city && (
          <p className={styles.city}>
            <Icon name="pin" size={15} strokeWidth={2.2} />
            {card.city}
          </p>
        )}
      </PhotoCarousel>
      {actions && actionsPlacement === 'under-photo' && <div className={styles.actionsUnderPhoto}>{actions}</div>}
      <div className={styles.body}>
        {note}
        <ProfileDetails card={card} />
        {mode === 'view' && reportAction && <div className={styles.report}>{reportAction}</div>}
      </div>
      {actions && actionsPlacement === 'sticky' && <div className={styles.actions}>{actions}</div>}
    </Tag>
  );
}
