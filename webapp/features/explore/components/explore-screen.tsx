import { useCallback, useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MatchView } from '../../../components/match-view/match-view';
import { CardSafetyActions } from '../../../components/profile-card/card-safety-actions';
import { CardSkeleton } from '../../../components/profile-card/card-skeleton';
import { CardState } from '../../../components/profile-card/card-state';
import { Button } from '../../../components/ui/button';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { takeOverEarlyCard } from '../../../lib/early-card-handoff';
import { useExploreFeed } from '../hooks/use-explore-feed';
import { SearchSettingsButton, SearchSettingsHint } from './search-settings-button';
import { useUndoDislike } from '../hooks/use-undo-dislike';
import { EXPLORE_TEXT } from '../lib/explore-messages';
import styles from './explore-screen.module.css';
import { LeavingCard, type Leaving } from './leaving-card';
import { SwipeDeck } from './swipe-deck';
import { chatPath } from '../../../lib/chat-path';

/** /explore: one profile card at a time, swiped or answered with the buttons; report and block (end-user.md §2). */
export default function ExploreScreen() {
  const navigate = useNavigate();
  const { state, like, dislike, retry, dropCard, match, closeMatch, undoable, restore, forgetUndo } = useExploreFeed();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  // A card taken back shows at once, even while its copy is still flying off.
  const { canUndo, undo } = useUndoDislike(undoable, (card) => (setLeaving(null), restore(card)), forgetUndo);
  const gone = useCallback(() => setLeaving(null), []);
  // The page's plain-DOM first card (webapp/boot) gives way in the frame this screen first draws a card or a state.
  const settled = state.phase !== 'loading';
  useLayoutEffect(() => {
    if (settled) takeOverEarlyCard();
  }, [settled]);
  const swipe = (direction: 'like' | 'dislike', fromX: number) => {
    if (state.phase !== 'card') return;
    const card = state.card;
    if ((direction === 'like' ? like : dislike)()) setLeaving({ card, direction, fromX, key: Date.now() });
  };
  // A reported card goes as after a dislike, and cannot be taken back to be liked.
  const reported = () => {
    swipe('dislike', 0);
    forgetUndo();
  };
  return (
    <section className={styles.screen} aria-labelledby="explore-title">
      <ScreenTitle id="explore-title">Анкеты</ScreenTitle>
      <SearchSettingsButton />
      {state.phase === 'loading' && <CardSkeleton label={EXPLORE_TEXT.loading} />}
      {state.phase === 'error' && (
        <CardState
          icon="alert"
          tone="danger"
          role="alert"
          title={state.message}
          action={<Button onClick={retry}>{EXPLORE_TEXT.retry}</Button>}
        />
      )}
      {state.phase === 'empty' && (
        <CardState
          icon="deckDone"
          title={EXPLORE_TEXT.emptyTitle}
          hint={<SearchSettingsHint />}
          action={<Button onClick={retry}>{EXPLORE_TEXT.refresh}</Button>}
        />
      )}
      {state.phase === 'card' && (
        <SwipeDeck
          card={state.card}
          onSwipe={swipe}
          covered={leaving?.card.userId === state.card.userId}
          onUndo={canUndo ? () => void undo() : undefined}
          reportAction={<CardSafetyActions userId={state.card.userId} onBlocked={dropCard} onReported={reported} />}
        />
      )}
      {leaving && <LeavingCard key={leaving.key} leaving={leaving} onDone={gone} />}
      {match && <MatchView match={match} onWrite={() => navigate(chatPath(match.chatId))} onContinue={closeMatch} />}
    </section>
  );
}
