import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { MatchView as MatchViewData } from '../../../contracts/likes';
import { haptics } from '../../lib/telegram/haptics';
import { sizedImageUrl, THUMB_PHOTO_WIDTH } from '../profile-card/card-image-url';
import { Button } from '../ui/button';
import { useEscapeKey } from '../ui/use-escape-key';
import { claimMatchView } from './match-moment';
import styles from './match-view.module.css';
import { useOverlayBackButton } from '../../lib/telegram/use-overlay-back-button';

export interface MatchViewProps {
  match: MatchViewData;
  /** 'Написать': opens the chat. */
  onWrite: () => void;
  /** 'Смотреть дальше': back to where the user was. */
  onContinue: () => void;
}

function MatchPhoto({ url, name, side }: { url: string | null; name: string; side: 'mine' | 'peer' }) {
  return (
    <span className={`${styles.photo} ${styles[side]}`} data-testid={`match-photo-${side}`}>
      {url ? <img src={sizedImageUrl(url, THUMB_PHOTO_WIDTH)} alt="" /> : <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>}
    </span>
  );
}

/** The moment of a mutual like, over the whole screen: both photos, 'Написать' and 'Смотреть дальше'. */
export function MatchView({ match, onWrite, onContinue }: MatchViewProps) {
  const peer = match.peerName?.trim() || 'Пользователь';
  useEffect(() => {
    claimMatchView(match.chatId);
    haptics.notify('success');
  }, [match.chatId]);
  useEscapeKey(true, onContinue);
  useOverlayBackButton(true, onContinue);
  return createPortal(
    <div className={styles.view} role="dialog" aria-modal="true" aria-labelledby="match-view-title" data-testid="match-view">
      <div className={styles.photos}>
        <MatchPhoto url={match.myPhotoUrl} name="Я" side="mine" />
        <MatchPhoto url={match.peerPhotoUrl} name={peer} side="peer" />
        <span className={styles.heart} aria-hidden="true">
          ❤️
        </span>
      </div>
      <h2 id="match-view-title" className={styles.title}>
        Ваш лайк взаимный!
      </h2>
      <p className={styles.text}>Вы и {peer} понравились друг другу</p>
      <div className={styles.actions}>
        <Button autoFocus wide onClick={onWrite}>
          Написать
        </Button>
        <Button variant="secondary" wide onClick={onContinue}>
          Смотреть дальше
        </Button>
      </div>
    </div>,
    document.body,
  );
}
