import { CardSafetyActions } from '../../../components/profile-card/card-safety-actions';
import { CardSkeleton } from '../../../components/profile-card/card-skeleton';
import { CardState } from '../../../components/profile-card/card-state';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { SwipeButtons } from '../../../components/profile-card/swipe-buttons';
import { Button } from '../../../components/ui/button';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { useExploreFeed } from '../hooks/use-explore-feed';
import { SearchSettingsButton, SearchSettingsHint } from './search-settings-button';
import { EXPLORE_TEXT } from '../lib/explore-messages';
import styles from './explore-screen.module.css';

/** /explore: one profile card at a time with like and dislike, report and block (end-user.md §2). */
export default function ExploreScreen() {
  const { state, like, dislike, retry, dropCard } = useExploreFeed();
  return (
    <section className={styles.screen} aria-labelledby="explore-title">
      <ScreenTitle id="explore-title">Анкеты</ScreenTitle>
      <SearchSettingsButton />
      {state.phase === 'loading' && <CardSkeleton label={EXPLORE_TEXT.loading} />}
      {state.phase === 'error' && (
        <CardState icon="alert" tone="danger" role="alert" title={state.message} action={<Button onClick={retry}>{EXPLORE_TEXT.retry}</Button>} />
      )}
      {state.phase === 'empty' && (
        <CardState icon="deckDone" title={EXPLORE_TEXT.emptyTitle} hint={<SearchSettingsHint />} action={<Button onClick={retry}>{EXPLORE_TEXT.refresh}</Button>} />
      )}
      {state.phase === 'card' && (
        <ProfileCard
          key={state.card.userId}
          card={state.card}
          actions={<SwipeButtons onLike={like} onDislike={dislike} />}
          reportAction={<CardSafetyActions userId={state.card.userId} onBlocked={dropCard} />}
        />
      )}
    </section>
  );
}
