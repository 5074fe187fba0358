import { Link, useNavigate } from 'react-router-dom';
import { CardSafetyActions } from '../../../components/profile-card/card-safety-actions';
import { CardSkeleton } from '../../../components/profile-card/card-skeleton';
import { CardState } from '../../../components/profile-card/card-state';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { SwipeButtons } from '../../../components/profile-card/swipe-buttons';
import { MatchView } from '../../../components/match-view/match-view';
import { Button } from '../../../components/ui/button';
import { useReceivedLikes } from '../hooks/use-received-likes';
import { LIKES_TEXT } from '../lib/likes-text';
import { chatPath } from '../../../lib/chat-path';
import { relativeTime } from '../lib/relative-time';
import styles from './likes-screen.module.css';
import { Icon } from '../../../components/ui/icon';

/** /likes: the received likes one card at a time (end-user.md §2 Likes). */
export default function LikesScreen() {
  const navigate = useNavigate();
  const { state, like, dislike, reload, drop, match, closeMatch } = useReceivedLikes();
  const hadLikes = state.phase === 'none' && (state.counts?.received ?? 0) > 0;
  const current = state.phase === 'list' ? state.likes[state.index] : undefined;
  return (
    <section className={styles.screen} aria-labelledby="likes-title">
      <header className={styles.top}>
        <h2 id="likes-title" className={styles.title}>
          Лайки
          {state.phase === 'list' && (
            <span className={styles.count} aria-label={`${state.index + 1} из ${state.likes.length}`}>
              {state.index + 1} / {state.likes.length}
              {state.hasNext ? '+' : ''}
            </span>
          )}
        </h2>
        <Link to="/likes-history" className={styles.historyLink}>
          История
        </Link>
      </header>
      {state.phase === 'loading' && <CardSkeleton label={LIKES_TEXT.loading} />}
      {state.phase === 'error' && (
        <CardState
          icon="alert"
          tone="danger"
          role="alert"
          title={state.message}
          action={<Button onClick={reload}>{LIKES_TEXT.retry}</Button>}
        />
      )}
      {state.phase === 'none' && (
        <CardState
          icon={hadLikes ? 'check' : 'heart'}
          title={hadLikes ? LIKES_TEXT.noNewTitle : LIKES_TEXT.noneTitle}
          hint={hadLikes ? LIKES_TEXT.noNewHint(state.counts?.matches ?? 0) : LIKES_TEXT.noneHint}
          action={<Button onClick={() => navigate('/explore')}>{LIKES_TEXT.toExplore}</Button>}
        />
      )}
      {state.phase === 'end' && (
        <CardState
          icon="check"
          title={LIKES_TEXT.endTitle}
          hint={LIKES_TEXT.endHint}
          action={<Button onClick={reload}>{LIKES_TEXT.refresh}</Button>}
        />
      )}
      {state.phase === 'list' && current && (
        <ProfileCard
          key={current.userId}
          card={current}
          note={
            <p className={styles.note}>
              <Icon name="heartSolid" size={16} />
              Вам поставили лайк · {relativeTime(current.likedAt)}
            </p>
          }
          actionsPlacement="under-photo"
          actions={<SwipeButtons onLike={like} onDislike={dislike} disabled={state.busy} />}
          reportAction={<CardSafetyActions userId={current.userId} onBlocked={() => drop(current.userId)} onReported={dislike} />}
        />
      )}
      {match && <MatchView match={match} onWrite={() => navigate(chatPath(match.chatId))} onContinue={closeMatch} />}
    </section>
  );
}
