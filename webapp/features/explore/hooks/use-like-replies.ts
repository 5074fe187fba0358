import { useCallback, useMemo, useRef, useState } from 'react';
import { matchViewSchema, type MatchView } from '../../../../contracts/likes';
import type { ProfileCard } from '../../../../contracts/profile-card';
import { awaitMatchWith, stopAwaitingMatchWith } from '../../../components/match-view/match-moment';

/**
 * What the explore screen keeps about its swipes: likes on their way (their match is shown as the match view,
 * not the app-wide toast), the match view on screen, and the last swipe's card when it was a dislike (undo).
 */
export function useLikeReplies() {
  const likes = useRef(new Map<string, string>());
  const [match, setMatch] = useState<MatchView | null>(null);
  const [undoable, setUndoable] = useState<ProfileCard | null>(null);

  const sent = useCallback((cid: string, kind: 'like' | 'dislike', card: ProfileCard) => {
    // Only the last swipe can be taken back, and only a dislike.
    setUndoable(kind === 'dislike' ? card : null);
    if (kind !== 'like') return;
    likes.current.set(cid, card.userId);
    awaitMatchWith(card.userId);
  }, []);

  const settle = useCallback((cid: string | undefined) => {
    const userId = cid === undefined ? undefined : likes.current.get(cid);
    if (cid === undefined || userId === undefined) return;
    likes.current.delete(cid);
    stopAwaitingMatchWith(userId);
  }, []);

  const matched = useCallback((data: unknown) => {
    const view = matchViewSchema.safeParse(data);
    if (view.success) setMatch(view.data);
  }, []);

  const closeMatch = useCallback(() => setMatch(null), []);
  const forgetUndo = useCallback(() => setUndoable(null), []);
  return useMemo(
    () => ({ sent, settle, matched, match, closeMatch, undoable, forgetUndo }),
    [sent, settle, matched, match, closeMatch, undoable, forgetUndo],
  );
}
