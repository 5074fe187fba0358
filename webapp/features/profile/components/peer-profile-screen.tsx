import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ProfileCard as Card } from '../../../../api/contracts/profile-card';
import { CardSkeleton } from '../../../components/profile-card/card-skeleton';
import { CardState } from '../../../components/profile-card/card-state';
import { ReportDialog } from '../../../components/report-dialog/report-dialog';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { Button } from '../../../components/ui/button';
import { confirmAction } from '../../../components/ui/confirm-store';
import { Icon } from '../../../components/ui/icon';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { showToast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api/api-error';
import { haptics } from '../../../lib/telegram/haptics';
import { useSession } from '../../session/stores/session-store';
import { blockUser } from '../api/block-user';
import type { PeerRef } from '../api/peer-profile-api';
import { usePeerProfile } from '../lib/use-peer-profile';
import styles from './peer-profile.module.css';

async function confirmBlock(card: Card): Promise<boolean> {
  const ok = await confirmAction({
    title: 'Заблокировать пользователя?',
    message: 'Вы перестанете видеть друг друга, а переписка станет недоступна. Разблокировать можно в черном списке.',
    confirmText: 'Заблокировать',
    destructive: true,
  });
  if (!ok) return false;
  try {
    await blockUser(card.userId);
    haptics.notify('success');
    showToast({ text: 'Пользователь заблокирован', tone: 'success' });
    return true;
  } catch (err) {
    showToast({ text: 'Не удалось заблокировать', description: isApiError(err) && err.status >= 400 ? err.message : undefined, tone: 'error' });
    return false;
  }
}

function SafetyActions({ card, onBlocked }: { card: Card; onBlocked: () => void }) {
  const [reporting, setReporting] = useState(false);
  return (
    <div className={styles.safety}>
      <Button variant="secondary" onClick={() => setReporting(true)}>
        <Icon name="flag" size={18} />
        Пожаловаться
      </Button>
      <Button variant="destructive" onClick={() => void confirmBlock(card).then((blocked) => blocked && onBlocked())}>
        <Icon name="ban" size={18} />
        Заблокировать
      </Button>
      <ReportDialog open={reporting} onClose={() => setReporting(false)} reportedUserId={card.userId} />
    </div>
  );
}

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
        <CardState icon="alert" tone="danger" role="alert" title={state.message} action={state.canRetry ? <Button onClick={retry}>Повторить</Button> : undefined} />
      )}
      {state.phase === 'blocked' && (
        <CardState
          icon="check"
          title="Пользователь заблокирован"
          hint="Вы больше не увидите друг друга. Разблокировать можно в черном списке."
          action={
            <Button variant="secondary" onClick={() => navigate('/blacklist')}>
              Черный список
            </Button>
          }
        />
      )}
      {state.phase === 'ready' && (
        <ProfileCard card={state.card} reportAction={state.card.userId === String(me) ? undefined : <SafetyActions card={state.card} onBlocked={markBlocked} />} />
      )}
    </section>
  );
}
