import { useEffect, useRef } from 'react';
import type { ReceivedLike } from '../../../../contracts/likes';
import { newCid } from '../../../lib/realtime/pending-requests';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';

/** Tells the server a received like was shown on screen (not when its page arrived), once per like. */
export function useSeenMarks(shown: ReceivedLike | undefined): void {
  const told = useRef(new Set<string>());
  const userId = shown && !shown.seen ? shown.userId : null;
  useEffect(() => {
    if (!userId || told.current.has(userId)) return;
    told.current.add(userId);
    sendOnChannel('likes', { t: 'seen', cid: newCid('seen'), data: { targetUserId: userId } });
  }, [userId]);
}
