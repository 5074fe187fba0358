import { useState } from 'react';
import { undoDislikeResponseSchema } from '../../../../contracts/likes';
import type { ProfileCard } from '../../../../contracts/profile-card';
import { showToast } from '../../../components/ui/toast-store';
import { apiPost } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/api/api-error';
import { haptics } from '../../../lib/telegram/haptics';
import { EXPLORE_TEXT } from '../lib/explore-messages';

/** 'Вернуть': takes back the last dislike on the server and shows its card again; one step only. */
export function useUndoDislike(undoable: ProfileCard | null, restore: (card: ProfileCard) => void, forget: () => void) {
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    if (!undoable || busy) return;
    setBusy(true);
    // Taken back or refused, there is nothing more to take back.
    forget();
    try {
      const { card } = await apiPost('/explore/undo', { targetUserId: undoable.userId }, { schema: undoDislikeResponseSchema });
      haptics.impact('light');
      restore(card);
    } catch (err) {
      haptics.notify('error');
      showToast({
        text: EXPLORE_TEXT.undoFailed,
        description: isApiError(err) && err.status < 500 ? err.message : undefined,
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return { canUndo: undoable !== null && !busy, undo };
}
