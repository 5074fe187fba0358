import { useNavigate, useParams } from 'react-router-dom';
import { CardSkeleton } from '../../../components/profile-card/card-skeleton';
import { CardSafetyActions } from '../../../components/profile-card/card-safety-actions';
import { CardState } from '../../../components/profile-card/card-state';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { Button } from '../../../components/ui/button';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { useSession } from '../../../lib/session/session-store';
import type { PeerRef } from '../api/peer-profile-api';
import { PEER_TEXT, usePeerProfile } from '../lib/use-peer-profile';
import styles from './peer-profile.module.css';

function refFrom(params: Readonly<Record<string, string | undefined>>, by: 'user' | 'chat'): PeerRef {
  return by === 'chat' ? { kind: 'chat', chatId: params.chatId ?? '' } : { kind: 'user', userId: params.userId ?? '' };
}

/** /u/{userId}, /profile/{userId} and /u/by-chat/{chatId}: another user's read-only card with report and block. */
export default function PeerProfileScreen({ by }: { by: 'user' | 'chat' }) {
  const { state, retry, markBlocked } = usePeerProfile(refFrom(useParams(), by));
  const me = useSession((s) => s.user?.telegramId);
  const navigate = useNavigate();
  return (
    <section className={styles.screen} aria-labelledby="peer-title">
      <ScreenTitle id="peer-title">{by === 'chat' ? 'Профиль собеседника' : 'Профиль пользователя'}</ScreenTitle>
      {state.phase === 'loading' && <CardSkeleton label="Загрузка профиля…" />}
      {state.phase === 'error' && (
        <CardState
          icon="alert"
          tone="danger"
          role="alert"
          title={state.canRetry ? PEER_TEXT.couldNotLoad : state.message}
          hint={state.canRetry ? state.message : undefined}
          action={state.canRetry ? <Button onClick={retry}>Повторить</Button> : undefined}
        />
      )}
      {state.phase === 'blocked' && (
        <CardState
          icon="check"
          title="Пользователь заблокирован"
          hint="Вы больше не увидите друг друга. Разблокировать можно в чёрном списке."
          action={
            <Button variant="secondary" onClick={() => navigate('/blacklist')}>
              Чёрный список
            </Button>
          }
        />
      )}
      {state.phase === 'ready' && (
        <ProfileCard
          card={state.card}
          reportAction={
            state.card.userId === String(me) ? undefined : <CardSafetyActions userId={state.card.userId} onBlocked={markBlocked} />
          }
        />
      )}
    </section>
  );
}
